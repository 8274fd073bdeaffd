// Attachments end to end below HTTP: real files of every allowed type, strict base64, the spec's
// rules and messages, and the records. Runs through a child process (file-type is ESM-only).
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { FIXTURE_EXTENSIONS, makeFixture, makeOle, makePng } from "../fixtures/files/make";
import type { ProbeRequest } from "../fixtures/files/probe";

const PROBE = join(__dirname, "../fixtures/files/probe.ts");
const MISMATCH = "The file extension in fileName does not match the actual file type detected from Base64Data.";

/** The probe child, started once for the file; requests are answered in order. */
let child: ChildProcessWithoutNullStreams;
const waiting: { resolve: (answers: any[]) => void; reject: (err: Error) => void }[] = [];
let stderr = "";

function startProbe(): void {
  child = spawn(process.execPath, ["--import", "tsx", PROBE]);
  child.stderr.on("data", (c) => (stderr += c));
  createInterface({ input: child.stdout }).on("line", (line) => waiting.shift()?.resolve(JSON.parse(line)));
  child.on("close", (code) => waiting.splice(0).forEach((w) => w.reject(new Error(`probe exited ${code}: ${stderr}`))));
}

function probe(requests: ProbeRequest[]): Promise<any[]> {
  return new Promise((resolve, reject) => {
    waiting.push({ resolve, reject });
    child.stdin.write(`${JSON.stringify(requests)}\n`);
  });
}

const b64 = (b: Buffer) => b.toString("base64");
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const messages = (answer: any): string[] => answer.findings.map((f: any) => f.message);

describe("attachment files", () => {
  let fixtures: Record<string, Buffer>;
  beforeAll(async () => {
    startProbe();
    fixtures = {};
    for (const ext of FIXTURE_EXTENSIONS) fixtures[ext] = await makeFixture(ext);
  });
  afterAll(async () => {
    const closed = new Promise((resolve) => child.once("close", resolve));
    child.stdin.end();
    await closed;
  });

  test("every allowed type is recognised from its bytes, legacy Office told apart inside OLE", async () => {
    const exts = [...FIXTURE_EXTENSIONS];
    const answers = await probe(exts.map((ext) => ({ op: "detect", base64: b64(fixtures[ext]) })));
    const found = Object.fromEntries(exts.map((ext, i) => [ext, answers[i]?.extension]));
    expect(found).toEqual({
      png: "png", jpg: "jpg", jpeg: "jpg", bmp: "bmp", pdf: "pdf", docx: "docx", xlsx: "xlsx", pptx: "pptx",
      doc: "doc", xls: "xls", ppt: "ppt",
    });
    expect(answers[exts.indexOf("doc")].mime).toBe("application/msword");
  });

  test("unknown content and OLE files of other kinds are not recognised", async () => {
    const answers = await probe([
      { op: "detect", base64: b64(Buffer.from("just some text")) },
      { op: "detect", base64: b64(makeOle("SomethingElse")) },
      { op: "detect", base64: "" },
    ]);
    expect(answers).toEqual([null, null, null]);
  });

  test("an array of every allowed type is accepted, decoded byte for byte, keys in any letter case", async () => {
    const exts = [...FIXTURE_EXTENSIONS].slice(0, 10);
    const body = exts.map((ext, i) =>
      i % 2 === 0
        ? { fileName: `file${i}.${ext}`, fileType: ext, base64Data: b64(fixtures[ext]) }
        : { FILENAME: `file${i}.${ext.toUpperCase()}`, FileType: `.${ext}`, Base64Data: b64(fixtures[ext]) },
    );
    const [answer] = await probe([{ op: "prepare", body }]);
    expect(answer.ok).toBe(true);
    expect(answer.files.map((f: any) => f.sha256)).toEqual(exts.map((ext) => sha(fixtures[ext])));
    expect(answer.files[0].name).toBe("file0.png");
  });

  test("a name whose extension differs from the content gets the spec's exact message", async () => {
    const [answer] = await probe([{ op: "prepare", body: { fileName: "scan.pdf", fileType: "pdf", base64Data: b64(makePng()) } }]);
    expect(answer.ok).toBe(false);
    expect(messages(answer)).toEqual([MISMATCH]);
    expect(answer.findings[0].path).toBe("0.base64Data");
  });

  test("a .doc that is really a spreadsheet, and text named .docx, are refused", async () => {
    const answers = await probe([
      { op: "prepare", body: { fileName: "a.doc", fileType: "doc", base64Data: b64(fixtures.xls) } },
      { op: "prepare", body: [{ fileName: "ok.png", fileType: "png", base64Data: b64(fixtures.png) }, { fileName: "b.docx", fileType: "docx", base64Data: b64(Buffer.from("hello")) }] },
    ]);
    expect(messages(answers[0])).toEqual([MISMATCH]);
    expect(answers[1].findings).toEqual([{ path: "1.base64Data", message: MISMATCH, severity: "error" }]);
  });

  test("invalid base64, disallowed types, a disagreeing fileType and a missing name get clear messages", async () => {
    const answers = await probe([
      { op: "prepare", body: { fileName: "a.png", fileType: "png", base64Data: "iVBOR*w0K!!" } },
      { op: "prepare", body: { fileName: "a.exe", fileType: "exe", base64Data: b64(fixtures.png) } },
      { op: "prepare", body: { fileName: "a.png", fileType: "application/pdf", base64Data: b64(fixtures.png) } },
      { op: "prepare", body: { fileType: "png", base64Data: b64(fixtures.png) } },
      { op: "prepare", body: { fileName: "a.png", fileType: "png", base64Data: "" } },
      { op: "prepare", body: "not an object" },
      { op: "prepare", body: [] },
    ]);
    expect(messages(answers[0])).toEqual(["Base64Data is empty or not valid Base64"]);
    expect(messages(answers[1])[0]).toMatch(/^The file type of a\.exe is not allowed; allowed types: \.jpg, \.jpeg/);
    expect(messages(answers[2])).toEqual(["fileType application/pdf does not match the file extension in fileName"]);
    expect(messages(answers[3])).toEqual(["fileName is required and must end with the file's extension"]);
    expect(messages(answers[4])).toEqual(["Base64Data is empty or not valid Base64"]);
    expect(answers[5].ok).toBe(false);
    expect(answers[6].ok).toBe(false);
  });

  test("more than 10 files, or more than 10 MB in total, are refused", async () => {
    const png = { fileName: "a.png", fileType: "image/png", base64Data: b64(fixtures.png) };
    const big = Buffer.alloc(6 * 1024 * 1024, 7);
    const answers = await probe([
      { op: "prepare", body: Array.from({ length: 11 }, () => png) },
      { op: "prepare", body: [{ fileName: "a.pdf", fileType: "pdf", base64Data: b64(big) }, { fileName: "b.pdf", fileType: "pdf", base64Data: b64(big) }] },
    ]);
    expect(messages(answers[0])).toEqual(["At most 10 files can be attached per upload"]);
    expect(messages(answers[1])).toEqual(["The attachments must not exceed 10 MB in total per upload"]);
  });

  test("base64 with line breaks and a data URL prefix is accepted", async () => {
    const wrapped = b64(fixtures.pdf).replace(/(.{76})/g, "$1\r\n");
    const [answer] = await probe([{ op: "prepare", body: { fileName: "x.pdf", fileType: "pdf", base64Data: `data:application/pdf;base64,${wrapped}` } }]);
    expect(answer.ok).toBe(true);
    expect(answer.files[0].sha256).toBe(sha(fixtures.pdf));
  });

  test("a multipart upload follows the same rules", async () => {
    const answers = await probe([
      { op: "upload", fileName: "sheet.xlsx", base64: b64(fixtures.xlsx) },
      { op: "upload", fileName: "sheet.xls", base64: b64(fixtures.xlsx) },
    ]);
    expect(answers[0].ok).toBe(true);
    expect(answers[0].files[0].mime).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(messages(answers[1])).toEqual([MISMATCH]);
  });

  test("stored files come back as the spec's attachment records and read back intact", async () => {
    const body = [
      { fileName: "ใบเสร็จ.pdf", fileType: "pdf", base64Data: b64(fixtures.pdf) },
      { fileName: "photo.jpeg", fileType: "image/jpeg", base64Data: b64(fixtures.jpg) },
    ];
    const [answer] = await probe([{ op: "save", body }]);
    expect(answer.ok).toBe(true);
    expect(answer.listed).toBe(2);
    expect(answer.reread).toEqual([sha(fixtures.pdf), sha(fixtures.jpg)]);
    const [first, second] = answer.records;
    expect(first).toEqual({
      attachmentId: expect.any(Number),
      attachmentName: "ใบเสร็จ.pdf",
      createdOn: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+07:00$/),
      orderNumber: 1,
      isDisplay: true,
      attachmentPath: `http://127.0.0.1:8787/test/attachments/${first.attachmentId}`,
    });
    expect(second.orderNumber).toBe(2);
    expect(second.attachmentId).not.toBe(first.attachmentId);
  });
});
