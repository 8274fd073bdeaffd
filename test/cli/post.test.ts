// `docsheet post` end to end: real .xlsx files, the command's main in the file's runner process
// (an environment variable set for the run alone), the real local service (child process). A run
// killed half-way, for every family, is test/families/promises-kill.test.ts. Totals are confirmed by reading
// the documents back from the service.
import { readFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import ExcelJS from "exceljs";
import type { DocumentRecord } from "../../src/api";
import { cliRunner } from "./run";
import { fieldForHeader } from "../../src/sheet/fields";
import { cliSession, sheetRows, writeBook } from "./session";

jest.setTimeout(240_000);

const s = cliSession("post");
const docsheet = cliRunner();

interface Doc {
  key: string;
  customer: string;
  lines: [name: string, qty: number, price: number][];
}

/** A template made by the CLI, filled in with these documents. */
async function filledTemplate(name: string, family: string, docs: Doc[]): Promise<string> {
  const path = join(s.dir, name);
  expect((await docsheet(["template", family, "--out", path])).code).toBe(0);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const ws = wb.worksheets[0];
  // The template's labels become the fields' keys (the layout reads either): this file's rows are
  // then keyed by field.
  const header = ((ws.getRow(1).values as unknown[]).slice(1) as string[]).map((h) => fieldForHeader(h)!.key);
  header.forEach((key, i) => {
    ws.getCell(1, i + 1).value = key;
  });
  ws.spliceRows(2, ws.rowCount - 1);
  const col = (k: string) => header.indexOf(k) + 1;
  let r = 2;
  for (const d of docs) {
    d.lines.forEach(([item, qty, price], i) => {
      const row = ws.getRow(r++);
      row.getCell(col("documentKey")).value = d.key;
      if (i === 0) {
        row.getCell(col("contactName")).value = d.customer;
        row.getCell(col("publishedOn")).value = "15/01/2569";
        row.getCell(col("isVat")).value = "ใช่";
        row.getCell(col("isVatInclusive")).value = false;
      }
      row.getCell(col("item.name")).value = item;
      row.getCell(col("item.quantity")).value = qty;
      row.getCell(col("item.pricePerUnit")).value = typeof price === "number" && price > 999 ? price.toLocaleString("en-US") : price;
    });
  }
  await wb.xlsx.writeFile(path);
  return path;
}

async function allDocuments(family: "tax-invoices" | "quotations"): Promise<DocumentRecord[]> {
  const all: DocumentRecord[] = [];
  for await (const page of s.client.documents(family).listAll({})) all.push(...page.list);
  return all;
}

function docs(prefix: string, n: number): Doc[] {
  return Array.from({ length: n }, (_, i) => ({
    key: `${prefix}-${i + 1}`,
    customer: `${prefix} customer ${i + 1}`,
    lines: [["Consulting", 2, 1500 + i], ["Travel", 1, 350.25]],
  }));
}

describe("docsheet post", () => {
  it("creates the documents of a filled template with the totals the service confirms, and a second run creates nothing", async () => {
    const path = await filledTemplate("basic.xlsx", "tax-invoices", docs("basic", 3));
    const first = await docsheet(["post", path, "--family", "tax-invoices", "--base-url", s.service.root, ...s.auth, "--in-place"]);
    expect(first.stdout).toMatch(/3 created, 0 found from an earlier run, 0 already posted/);
    expect(first.code).toBe(0);

    const rows = await sheetRows(path);
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      expect(row.result).toBe("created");
      // A new tax invoice's status as people say it (awaiting on the service).
      expect(row.status).toBe("pending");
      expect(typeof row.recordId).toBe("number");
    }
    for (let i = 0; i < 3; i++) {
      const [a, b] = [rows[2 * i], rows[2 * i + 1]];
      expect(b.recordId).toBe(a.recordId);
      expect(b.documentSerial).toBe(a.documentSerial);
      const doc = await s.client.documents("tax-invoices").get(a.recordId as number);
      // 2 × (1500 + i) + 350.25, 7% VAT on top.
      const sub = 2 * (1500 + i) + 350.25;
      expect(doc.subTotal).toBe(sub);
      expect(doc.vatAmount).toBe(Math.round(sub * 7) / 100);
      expect(doc.grandTotal).toBe(Math.round(sub * 107) / 100);
      expect(doc.documentSerial).toBe(a.documentSerial);
      expect(doc.publishedOn).toBe("2026-01-15");
      expect(doc.contactName).toBe(`basic customer ${i + 1}`);
      expect(String(doc.internalNotes)).toMatch(/^docsheet:[0-9a-z]+:basic-\d$/);
    }

    const before = (await allDocuments("tax-invoices")).length;
    const second = await docsheet(["post", path, "--family", "tax-invoices", "--base-url", s.service.root, ...s.auth, "--in-place"]);
    expect(second.stdout).toMatch(/0 created, 0 found from an earlier run, 3 already posted/);
    expect(second.code).toBe(0);
    expect((await allDocuments("tax-invoices")).length).toBe(before);
  });

  it("writes the reason into the rows of a document the service refuses, and exits 1", async () => {
    const path = await filledTemplate("bad.xlsx", "tax-invoices", [{ key: "x", customer: "Bad Co", lines: [["Pen", 1, 10]] }]);
    const out = join(s.dir, "bad-out.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path);
    const ws = wb.worksheets[0];
    const header = (ws.getRow(1).values as unknown[]).slice(1) as string[];
    ws.getRow(2).getCell(header.indexOf("item.quantity") + 1).value = "lots";
    await wb.xlsx.writeFile(path);
    const r = await docsheet(["post", path, "--family", "tax-invoices", "--base-url", s.service.root, ...s.auth, "--out", out]);
    expect(r.code).toBe(1);
    const rows = await sheetRows(out);
    expect(rows[0].recordId).toBeNull();
    expect(String(rows[0].result)).toMatch(/not sent: .*"lots" is not a number/);
  });

  it("writes WORKBOOK.posted.xlsx beside the workbook unless told --out or --in-place, and says where", async () => {
    const path = await filledTemplate("where.xlsx", "quotations", docs("where", 1));
    const before = readFileSync(path);
    const posted = join(s.dir, "where.posted.xlsx");
    const r = await docsheet(["post", path, "--family", "quotations", "--base-url", s.service.root, ...s.auth]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^1 created, .*; wrote (.*)$/m);
    expect(r.stdout.trim().endsWith(`wrote ${posted}`)).toBe(true);
    expect(readFileSync(path).equals(before)).toBe(true);
    expect((await sheetRows(posted)).map((x) => x.result)).toEqual(["created", "created"]);

    // The same workbook again: the document is found, not made twice.
    const again = await docsheet(["post", path, "--family", "quotations", "--base-url", s.service.root, ...s.auth]);
    expect(again.stdout).toMatch(/^0 created, 1 found from an earlier run/m);
    expect((await allDocuments("quotations")).filter((d) => String(d.contactName).startsWith("where "))).toHaveLength(1);

    const out = join(s.dir, "where-out.xlsx");
    const toOut = await docsheet(["post", path, "--family", "quotations", "--base-url", s.service.root, ...s.auth, "--out", out]);
    expect(toOut.stdout.trim().endsWith(`wrote ${out}`)).toBe(true);
    expect(readFileSync(path).equals(before)).toBe(true);

    const both = await docsheet(["post", path, "--family", "quotations", "--base-url", s.service.root, ...s.auth, "--out", out, "--in-place"]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("--out and --in-place do not go together");
  });

  it("answers a --base-url without its root with the root it probably meant", async () => {
    const path = await filledTemplate("root.xlsx", "quotations", docs("root", 1));
    const origin = new URL(s.service.root).origin;
    const r = await docsheet(["post", path, "--family", "quotations", "--base-url", origin, ...s.auth]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`did you mean ${origin}/test?`);
    const wrong = await docsheet(["post", path, "--family", "quotations", "--base-url", `${origin}/v2`, ...s.auth]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain(`${origin}/v2 is not a service root`);
    // A Thai run gives the hint in Thai too, not an English sentence inside a Thai line.
    const th = await docsheet(["post", path, "--family", "quotations", "--base-url", origin, ...s.auth, "--lang", "th"]);
    expect(th.code).toBe(2);
    expect(th.stderr).toContain(`${origin} ไม่ใช่ที่อยู่หลักของบริการ หมายถึง ${origin}/test หรือไม่?`);
    expect(th.stderr).not.toMatch(/is not a service root|did you mean/);
    const thWrong = await docsheet(["post", path, "--family", "quotations", "--base-url", `${origin}/v2`, ...s.auth, "--lang", "th"]);
    expect(thWrong.stderr).toContain("--base-url ต้องเป็นที่อยู่หลักของบริการ เช่น");
    expect(thWrong.stderr).not.toMatch(/is not a service root|must be a service root/);
  });

  it("exits 2 on wrong credentials and takes the secret from DOCSHEET_CLIENT_SECRET", async () => {
    const path = await filledTemplate("creds.xlsx", "quotations", docs("creds", 1));
    const wrong = await docsheet(["post", path, "--family", "quotations", "--base-url", s.service.root, "--client-id", s.demo.clientId, "--client-secret", "nope"]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/wrong client id or secret/);
    // In Thai in a Thai run, of documents and of records alike (issue 36: both said it in English).
    // The products template holds one example product, which is what is posted.
    const products = join(s.dir, "creds-products.xlsx");
    expect((await docsheet(["template", "products", "--out", products])).code).toBe(0);
    for (const [family, file] of [["quotations", path], ["products", products]]) {
      const th = await docsheet(["post", file, "--family", family, "--base-url", s.service.root, "--client-id", s.demo.clientId, "--client-secret", "nope", "--lang", "th"]);
      expect(th.code).toBe(2);
      expect(th.stderr).toMatch(/^docsheet: ส่ง\S* ?ไม่ได้: รหัสไคลเอนต์หรือรหัสลับไม่ถูกต้อง$/m);
      expect(th.stderr).not.toMatch(/wrong|secret/);
    }
    expect(wrong.stderr).not.toMatch(/nope/);
    const env = await docsheet(["post", path, "--family", "quotations", "--base-url", s.service.root, "--client-id", s.demo.clientId], { DOCSHEET_CLIENT_SECRET: s.demo.clientSecret });
    expect(env.code).toBe(0);
  });

  it("creates no duplicate when the answer to a create is dropped after the service committed it", async () => {
    const proxy = await droppingProxy(new URL(s.service.root).origin, (method, url, n) => method === "POST" && /\/quotations$/.test(url) && (n === 2 || n === 3));
    try {
      const path = await filledTemplate("dropped.xlsx", "quotations", docs("dropped", 4));
      const r = await docsheet(["post", path, "--family", "quotations", "--base-url", `${proxy.origin}/test`, ...s.auth, "--concurrency", "1", "--in-place"]);
      expect(proxy.dropped()).toBe(2);
      expect(r.stdout).toMatch(/2 created, 2 found from an earlier run/);
      expect(r.code).toBe(0);
      const created = (await allDocuments("quotations")).filter((d) => String(d.contactName).startsWith("dropped "));
      expect(created).toHaveLength(4);
      const rows = await sheetRows(path);
      expect(rows.filter((x) => x.result === "created (confirmed after a lost answer)")).toHaveLength(4);
      const ids = new Set(rows.map((x) => x.recordId));
      expect(ids).toEqual(new Set(created.map((d) => d.recordId)));
    } finally {
      await proxy.close();
    }
  });
});

describe("docsheet act", () => {
  it("writes WORKBOOK.acted.xlsx beside the workbook unless told --out or --in-place, and says where", async () => {
    const path = await filledTemplate("acted.xlsx", "quotations", docs("acted", 1));
    expect((await docsheet(["post", path, "--family", "quotations", "--base-url", s.service.root, ...s.auth, "--in-place"])).code).toBe(0);
    const before = readFileSync(path);
    const run = await docsheet(["act", path, "--family", "quotations", "--action", "status", "--status", "approved", "--base-url", s.service.root, ...s.auth]);
    expect(run.code).toBe(0);
    const acted = join(s.dir, "acted.acted.xlsx");
    expect(run.stdout.trim().endsWith(`wrote ${acted}`)).toBe(true);
    expect(readFileSync(path).equals(before)).toBe(true);
    expect((await sheetRows(acted)).map((x) => x.result)).toEqual(["status set to approved", "status set to approved"]);
    const both = await docsheet(["act", path, "--family", "quotations", "--action", "status", "--base-url", s.service.root, ...s.auth, "--out", acted, "--in-place"]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("--out and --in-place do not go together");
  });

  it("changes status and deletes the documents of posted rows, writing the outcome into them", async () => {
    const path = await filledTemplate("act.xlsx", "quotations", docs("act", 2));
    expect((await docsheet(["post", path, "--family", "quotations", "--base-url", s.service.root, ...s.auth, "--in-place"])).code).toBe(0);
    const status = await docsheet(["act", path, "--in-place", "--family", "quotations", "--action", "status", "--status", "approved", "--rows", "2-3", "--base-url", s.service.root, ...s.auth]);
    expect(status.stdout).toMatch(/status: 1 done, 0 skipped, 0 failed/);
    expect(status.code).toBe(0);
    let rows = await sheetRows(path);
    expect(rows.map((r) => r.status)).toEqual(["approved", "approved", "awaiting approval", "awaiting approval"]);
    expect(rows[0].result).toBe("status set to approved");
    const id = rows[2].recordId as number;
    const del = await docsheet(["act", path, "--in-place", "--family", "quotations", "--action", "delete", "--rows", "4", "--base-url", s.service.root, ...s.auth]);
    expect(del.code).toBe(0);
    rows = await sheetRows(path);
    expect([rows[2].result, rows[3].result]).toEqual(["deleted", "deleted"]);
    await expect(s.client.documents("quotations").get(id)).rejects.toThrow();
    const bad = await docsheet(["act", path, "--in-place", "--family", "quotations", "--action", "status", "--status", "paid", "--base-url", s.service.root, ...s.auth]);
    expect(bad.code).toBe(1);
    const usage = await docsheet(["act", path, "--in-place", "--family", "quotations", "--action", "fly", "--base-url", s.service.root, ...s.auth]);
    expect(usage.code).toBe(2);
  });
});

describe("a Thai run", () => {
  it("names itself in Thai at the start of its progress lines and its counts, not by the English command word", async () => {
    const path = await filledTemplate("thai-progress.xlsx", "quotations", docs("thprog", 1));
    const post = await docsheet(["post", path, "--family", "quotations", "--base-url", s.service.root, ...s.auth, "--in-place", "--lang", "th"]);
    expect(post.code).toBe(0);
    expect(post.stderr).toMatch(/^ส่ง: thprog-1 \(แถว 2\): /m);
    expect(post.stderr).not.toMatch(/^post:/m);
    const act = await docsheet(["act", path, "--family", "quotations", "--action", "status", "--status", "approved", "--base-url", s.service.root, ...s.auth, "--in-place", "--lang", "th"]);
    expect(act.code).toBe(0);
    expect(act.stderr).toMatch(/^เปลี่ยนสถานะ: /m);
    expect(act.stdout).toMatch(/^เปลี่ยนสถานะ: สำเร็จ 1, ข้าม 0, ไม่สำเร็จ 0; /m);
    expect(`${act.stderr}${act.stdout}`).not.toMatch(/^status:/m);
  });
});

describe("counts of a thousand and more", () => {
  it("are written with thousands separators, in English and in Thai", async () => {
    // 1,000 quotations without a customer: check and post count them, and none is sent.
    const rows = Array.from({ length: 1000 }, (_, i) => [`Q${i + 1}`, "2026-01-15", "Pen", 1, 10]);
    const path = await writeBook(join(s.dir, "thousand.xlsx"), [["documentKey", "publishedOn", "item.name", "item.quantity", "item.pricePerUnit"], ...rows]);
    const post = await docsheet(["post", path, "--family", "quotations", "--base-url", s.service.root, ...s.auth]);
    expect(post.stdout).toMatch(/^0 created, 0 found from an earlier run, 0 already posted, 1,000 not sent, 0 failed, 0 unknown; wrote /m);
    expect(post.stderr).toMatch(/ \(1,000\/1,000\)$/m);
    const check = await docsheet(["check", path, "--family", "quotations", "--lang", "th"]);
    expect(check.stdout).toMatch(/^1,000 เอกสาร, พบ 1,00\d ปัญหา$/m);
  });
});

/** An HTTP proxy that forwards every request, and for chosen ones drops the answer after the service sent it. */
async function droppingProxy(target: string, drop: (method: string, url: string, nth: number) => boolean) {
  let count = 0;
  let dropped = 0;
  const server: Server = createServer((req, res) => {
    const isCreate = req.method === "POST" && /\/quotations$/.test(req.url ?? "");
    const nth = isCreate ? ++count : 0;
    const upstream = request(new URL(req.url ?? "/", target), { method: req.method, headers: req.headers }, (up) => {
      const chunks: Buffer[] = [];
      up.on("data", (c: Buffer) => chunks.push(c));
      up.on("end", () => {
        if (isCreate && drop(req.method ?? "", req.url ?? "", nth)) {
          dropped++;
          req.socket.destroy();
          return;
        }
        res.writeHead(up.statusCode ?? 502, up.headers);
        res.end(Buffer.concat(chunks));
      });
    });
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    dropped: () => dropped,
    close: () => new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    }),
  };
}

