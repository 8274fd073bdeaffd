// Attachments over real HTTP on each store: multipart (`file`) and base64 uploads for every family,
// the spec's rules and messages (allowed types, extension vs content, 10 MB, 10 files, keys in any
// letter case), the records listed with the document, downloads byte for byte, company isolation
// and revocation by deleting the document.
import { createHash } from "node:crypto";
import { FAMILIES, type Family } from "../../src/rules/codes";
import { storesUnderTest } from "../helpers/service";
import { makeFixture, makePng } from "../fixtures/files/make";
import { serviceForFile, simpleBody, EXPENSE_LINE, type Answer, type Client } from "./support";

jest.setTimeout(180_000);

const SEVERAL = "One or more validation errors occurred.";
const MISMATCH = "The file extension in fileName does not match the actual file type detected from Base64Data.";
const TOO_LARGE = "The attachments must not exceed 10 MB in total per upload";
const TOO_MANY = "At most 10 files can be attached per upload";
const sha = (b: Buffer | ArrayBuffer) => createHash("sha256").update(Buffer.from(b as ArrayBuffer)).digest("hex");
const b64 = (b: Buffer) => b.toString("base64");
const CREATABLE = FAMILIES.filter((f) => f !== "receipts");

function expectRefused(a: Answer, message: string): void {
  expect(a.http).toBe(400);
  expect(a.body).toMatchObject({ status: false, message: SEVERAL, code: 207400 });
  expect(a.body.data.validationErrors).toContain(message);
}

describe.each(storesUnderTest)("attachments over HTTP (%s)", (store) => {
  const ctx = serviceForFile(store);
  let demo: Client;
  let other: Client;
  beforeAll(() => ({ demo, other } = ctx));

  const create = async (family: Family = "quotations"): Promise<number> => {
    const a = await demo.post(`/${family}`, simpleBody({}, family === "expenses" ? EXPENSE_LINE : {}));
    if (a.http !== 200) throw new Error(JSON.stringify(a.body));
    return a.body.data.recordId;
  };
  const multipart = (api: Client, path: string, name: string, bytes: Buffer, field = "file") => {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(bytes)]), name);
    return api.raw(path, { method: "POST", body: form });
  };
  const attachmentsOf = async (family: Family, id: number) => (await demo.get(`/${family}/${id}`)).body.data.list[0].attachments ?? [];

  it("multipart upload: the record, listed with the document, downloaded byte for byte without a token", async () => {
    const id = await create();
    const png = makePng();
    const a = await multipart(demo, `/quotations/${id}/attachment`, "scan.png", png);
    expect(a.http).toBe(200);
    expect(a.body).toMatchObject({ status: true, code: 0 });
    const [record] = a.body.data;
    expect(record).toEqual({
      attachmentId: expect.any(Number), attachmentName: "scan.png", orderNumber: 1, isDisplay: true,
      createdOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+07:00$/),
      attachmentPath: expect.stringMatching(new RegExp(`^${ctx.svc.origin}/attachments/[A-Za-z0-9_-]{32}/scan\\.png$`)),
    });
    expect(await attachmentsOf("quotations", id)).toEqual(a.body.data);
    const download = await fetch(record.attachmentPath);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("image/png");
    expect(download.headers.get("content-disposition")).toContain("scan.png");
    expect(sha(await download.arrayBuffer())).toBe(sha(png));
  });

  it("base64: one object or a list, keys in any letter case; the answer lists all the document's files in order", async () => {
    const id = await create("tax-invoices");
    const [pdf, docx, xls] = await Promise.all([makeFixture("pdf"), makeFixture("docx"), makeFixture("xls")]);
    const one = await demo.post(`/tax-invoices/${id}/attachment/base64`, { FileName: "bill.pdf", FILETYPE: "application/pdf", base64data: b64(pdf) });
    expect(one.http).toBe(200);
    expect(one.body.data.map((r: any) => r.attachmentName)).toEqual(["bill.pdf"]);
    const many = await demo.post(`/tax-invoices/${id}/attachment/base64`, [
      { fileName: "letter.docx", fileType: "docx", Base64Data: b64(docx) },
      { filename: "old.xls", base64Data: `data:application/vnd.ms-excel;base64,${b64(xls)}` },
    ]);
    expect(many.http).toBe(200);
    expect(many.body.data.map((r: any) => [r.attachmentName, r.orderNumber])).toEqual([["bill.pdf", 1], ["letter.docx", 2], ["old.xls", 3]]);
    const downloaded = await fetch(many.body.data[2].attachmentPath);
    expect(sha(await downloaded.arrayBuffer())).toBe(sha(xls));
  });

  it("refuses with the spec's messages and stores nothing of a refused upload", async () => {
    const id = await create();
    const png = makePng();
    expectRefused(await demo.post(`/quotations/${id}/attachment/base64`, { fileName: "scan.pdf", base64Data: b64(png) }), MISMATCH);
    // one bad file of a list refuses the whole upload
    expectRefused(await demo.post(`/quotations/${id}/attachment/base64`, [
      { fileName: "ok.png", base64Data: b64(png) }, { fileName: "notes.txt", base64Data: b64(Buffer.from("hello")) },
    ]), "The file type of notes.txt is not allowed; allowed types: .jpg, .jpeg, .png, .bmp, .doc, .docx, .xls, .xlsx, .ppt, .pptx, .pdf");
    expectRefused(await demo.post(`/quotations/${id}/attachment/base64`, Array.from({ length: 11 }, (_, i) => ({ fileName: `${i}.png`, base64Data: b64(png) }))), TOO_MANY);
    expectRefused(await multipart(demo, `/quotations/${id}/attachment`, "scan.docx", png), MISMATCH);
    expectRefused(await multipart(demo, `/quotations/${id}/attachment`, "scan.png", png, "upload"), "file is required: send the file as the multipart/form-data field `file`");
    expect(await attachmentsOf("quotations", id)).toEqual([]);
  });

  it("10 MB per upload: exactly 10 MB passes, one byte more is refused (base64 and multipart)", async () => {
    const id = await create("purchases");
    const png = makePng();
    const sized = (n: number) => Buffer.concat([png, Buffer.alloc(n - png.length)]);
    const limit = 10 * 1024 * 1024;
    expectRefused(await demo.post(`/purchases/${id}/attachment/base64`, { fileName: "big.png", base64Data: b64(sized(limit + 1)) }), TOO_LARGE);
    expectRefused(await multipart(demo, `/purchases/${id}/attachment`, "big.png", sized(limit + 1)), TOO_LARGE);
    // far above the limit: refused, the body read and dropped first so the client is never cut off mid-upload
    expectRefused(await multipart(demo, `/purchases/${id}/attachment`, "huge.png", sized(limit + 512 * 1024)), TOO_LARGE);
    const ok = await demo.post(`/purchases/${id}/attachment/base64`, { fileName: "big.png", base64Data: b64(sized(limit)) });
    expect(ok.http).toBe(200);
    const download = await fetch(ok.body.data[0].attachmentPath);
    expect((await download.arrayBuffer()).byteLength).toBe(limit);
  });

  it("keeps an idle connection a minute, so a client that paused (a busy machine) does not upload into one the service closed", async () => {
    // Node's 5 s default: a Node client paused past it (its idle timer late) wrote its next upload
    // into a closed connection, write EPIPE instead of the answer. Node tells clients this figure.
    const a = await demo.get("/contacts?currentPage=1&pageSize=1");
    expect(a.headers.get("keep-alive")).toBe("timeout=65");
  });

  it.each(CREATABLE)("%s take both kinds of upload", async (family) => {
    const id = await create(family);
    const jpg = await makeFixture("jpg");
    expect((await multipart(demo, `/${family}/${id}/attachment`, "photo.jpg", jpg)).http).toBe(200);
    const a = await demo.post(`/${family}/${id}/attachment/base64`, { fileName: "photo.jpeg", base64Data: b64(jpg) });
    expect(a.http).toBe(200);
    expect(a.body.data.map((r: any) => r.attachmentName)).toEqual(["photo.jpg", "photo.jpeg"]);
  });

  it("receipts have both routes (a missing receipt is 404)", async () => {
    expect((await demo.post("/receipts/999999/attachment/base64", { fileName: "a.png", base64Data: b64(makePng()) })).http).toBe(404);
    expect((await multipart(demo, "/receipts/999999/attachment", "a.png", makePng())).http).toBe(404);
  });

  it("another company's document does not exist; a deleted document's files cannot be downloaded", async () => {
    const id = await create();
    const a = await demo.post(`/quotations/${id}/attachment/base64`, { fileName: "a.png", base64Data: b64(makePng()) });
    expect((await other.post(`/quotations/${id}/attachment/base64`, { fileName: "b.png", base64Data: b64(makePng()) })).http).toBe(404);
    expect((await other.get(`/quotations/${id}`)).http).toBe(404);
    const path: string = a.body.data[0].attachmentPath;
    expect((await fetch(path)).status).toBe(200);
    expect((await fetch(path.replace(/attachments\/[^/]+/, "attachments/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"))).status).toBe(404);
    expect((await fetch(path.replace(/attachments\/[^/]+/, "attachments/..%2F..%2Fetc"))).status).toBe(404);
    expect((await demo.del(`/quotations/${id}`)).http).toBe(200);
    expect((await fetch(path)).status).toBe(404);
  });

  it("files survive a restart of the service", async () => {
    const id = await create();
    const jpg = await makeFixture("jpg");
    const a = await demo.post(`/quotations/${id}/attachment/base64`, { fileName: "kept.jpg", base64Data: b64(jpg) });
    await ctx.svc.restart();
    const download = await fetch(a.body.data[0].attachmentPath);
    expect(download.status).toBe(200);
    expect(sha(await download.arrayBuffer())).toBe(sha(jpg));
    expect((await attachmentsOf("quotations", id)).map((r: any) => r.attachmentName)).toEqual(["kept.jpg"]);
  });

  it("needs a token; malformed JSON is a validation answer", async () => {
    const anon = await fetch(`${ctx.svc.root}/quotations/1/attachment/base64`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(anon.status).toBe(401);
    const id = await create();
    const bad = await demo.raw(`/quotations/${id}/attachment/base64`, { method: "POST", headers: { "content-type": "application/json" }, body: "{nope" });
    expect(bad.http).toBe(400);
    expect(bad.body.code).toBe(207400);
  });
});
