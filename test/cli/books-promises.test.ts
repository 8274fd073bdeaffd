// Contacts and products keep the promises tax invoices keep (issue 34), through the real bin and
// the real local service: a post killed with SIGKILL and run again (the default output, and in
// place) claims what the killed run made, and undo of the last output reverses every record both
// runs created, while a record made by hand meanwhile is never claimed nor undone; two rows naming
// one contact or product with other details are errors at both rows before anything is sent; and
// a contact a contacts post made (branch 00001, kept as "สาขา 00001") is the contact a tax
// invoice to the same name, tax id and branch gets.
import { join } from "node:path";
import { XlsxWorkbook } from "../../src/workbook/xlsx";
import { cliRunner, killedRun } from "./run";
import { cliSession, sheetRows, writeBook } from "./session";

jest.setTimeout(240_000);

const s = cliSession("books-promises");
const docsheet = cliRunner();
const conn = (): string[] => ["--base-url", s.service.root, ...s.auth];

type Json = Record<string, unknown>;
type Book = "contacts" | "products";

const SHEETS: Record<Book, { header: string[]; row: (prefix: string, i: number) => unknown[] }> = {
  contacts: { header: ["Code", "Name", "Type"], row: (prefix, i) => [`${prefix}-${i}`, `${prefix} customer ${i}`, "customer"] },
  products: {
    header: ["Product code", "Product name", "Type", "Unit", "Sell price", "VAT"],
    row: (prefix, i) => [`${prefix}-${i}`, `${prefix} item ${i}`, "Product", "piece", 100 + i, "VAT exclusive"],
  },
};

/** The live records of the book whose code starts with the prefix, by code. */
async function recordsOf(book: Book, prefix: string): Promise<Map<string, Json>> {
  const out = new Map<string, Json>();
  const pages = book === "contacts" ? s.client.contacts.listAll({ pageSize: 200 }) : s.client.products.listAll({ pageSize: 200 });
  for await (const page of pages) {
    for (const r of page.list as unknown as Json[]) {
      const code = String(book === "contacts" ? r.contactCode : r.code);
      if (code.startsWith(`${prefix}-`)) out.set(code, r);
    }
  }
  return out;
}

/** A record made by a person, with the row's code and another name. */
async function madeByHand(book: Book, code: string): Promise<number> {
  const r = book === "contacts"
    ? await s.client.contacts.create({ contactCode: code, contactName: "Made by hand", contactType: 3, contactGroup: 3 })
    : await s.client.products.create({ code, name: "Made by hand", type: 3, productStructureType: "ProductNonInventory", sellVatType: 1, buyVatType: 1, sellPrice: 290 });
  return Number((r as unknown as Json).id ?? (r as unknown as Json).recordId);
}

describe.each([
  ["contacts", "default output"], ["contacts", "--in-place"], ["products", "default output"], ["products", "--in-place"],
] as const)("a %s post killed with SIGKILL, run again with the %s", (book, mode) => {
  it("claims what the killed run made; a record made by hand meanwhile is left alone; undo of the last output reverses every record both runs created", async () => {
    const n = 30;
    const prefix = `K${book[0]}${mode === "--in-place" ? "i" : "d"}`;
    const path = await writeBook(join(s.dir, `${prefix}.xlsx`), [SHEETS[book].header, ...Array.from({ length: n }, (_, i) => SHEETS[book].row(prefix, i + 1))], "Book");
    const place = mode === "--in-place" ? ["--in-place"] : [];
    const out = mode === "--in-place" ? path : join(s.dir, `${prefix}.posted.xlsx`);
    await killedRun(["post", path, "--family", book, ...conn(), "--concurrency", "1", ...place], (created) => created >= 6);
    const mid = await recordsOf(book, prefix);
    expect(mid.size).toBeGreaterThanOrEqual(6);
    expect(mid.size).toBeLessThan(n - 1);
    // The last row's code, made by a person between the two runs, with another name.
    const last = `${prefix}-${n}`;
    expect(mid.has(last)).toBe(false);
    const hand = await madeByHand(book, last);

    const again = await docsheet(["post", path, "--family", book, ...conn(), ...place]);
    // A create in flight at the kill may land after it: found as the killed run's too.
    const m = /^(\d+) created, (\d+) found from an earlier run, 1 already on the service, 0 already posted, 0 not sent/m.exec(again.stdout);
    expect(m).not.toBeNull();
    expect(Number(m![1]) + Number(m![2])).toBe(n - 1);
    expect(Number(m![2])).toBeGreaterThanOrEqual(mid.size);
    const rows = await sheetRows(out);
    // Found, its id the row's, and the difference said: never claimed as this run's.
    expect(rows[n - 1].recordId).toBe(hand);
    expect(String(rows[n - 1].result)).toMatch(/^found on the service, not created again; the service's record differs in: (.+, )?Name(, |$)/);
    const claimed = rows.filter((r) => r.result === "created (found from an earlier run)").map((r) => Number(r.recordId));
    expect(claimed).toHaveLength(Number(m![2]));
    expect(claimed).toEqual(expect.arrayContaining([...mid.values()].map((r) => Number(r.id))));
    expect((await recordsOf(book, prefix)).size).toBe(n);

    const undo = await docsheet(["undo", out, "--family", book, "--in-place", ...conn()]);
    expect(undo.code).toBe(0);
    // Every record either run created is gone; the one made by hand is not.
    expect([...(await recordsOf(book, prefix)).keys()]).toEqual([last]);
    expect(undo.stdout).not.toContain("Made by hand");
  });
});

describe("two rows naming one record", () => {
  it("with other details are errors at both rows' cells, in check and in post, and neither is sent; rows alike are one record, said so", async () => {
    const before = (await s.client.contacts.list({ pageSize: 1 })).total;
    const contacts = await writeBook(join(s.dir, "clash-contacts.xlsx"), [
      ["Code", "Name", "Type", "Tax id", "Branch"],
      ["DUP-1", "Alpha Co., Ltd.", "customer", "0105560000018", "00000"],
      ["DUP-1", "Beta Co., Ltd.", "customer", "0105560000026", "00000"],
      // One tax id and branch (typed with dashes, and as สาขา 1), two names.
      ["TX-1", "Gamma Co., Ltd.", "customer", "0105560000034", "00001"],
      ["TX-2", "Gamma Two Co., Ltd.", "customer", "0-1055-60000-03-4", "สาขา 1"],
      ["SAME-1", "Same Co., Ltd.", "customer", "0105560000042", "00000"],
      ["SAME-1", "Same Co., Ltd.", "customer", "0105560000042", "00000"],
    ], "Contacts");
    const check = await docsheet(["check", contacts, "--family", "contacts", "--json"]);
    expect(check.code).toBe(1);
    expect((JSON.parse(check.stdout) as Json[]).map((f) => [f.cell, f.message])).toEqual([
      ["A2", "Row 3 has the same contact code DUP-1 with other details: one code is one contact. Make the two rows agree, or give each its own code."],
      ["A3", "Row 2 has the same contact code DUP-1 with other details: one code is one contact. Make the two rows agree, or give each its own code."],
      ["D4", "Row 5 has the same tax id 0105560000034 and branch 00001 with other details: one tax id and branch is one contact. Make the two rows agree, or correct the tax id or branch."],
      ["D5", "Row 4 has the same tax id 0105560000034 and branch 00001 with other details: one tax id and branch is one contact. Make the two rows agree, or correct the tax id or branch."],
    ]);
    expect(check.stderr).toContain("Contacts!B7 [contactName] note: The same contact as row 6: it is posted once, and both rows get its id.");
    const th = await docsheet(["check", contacts, "--family", "contacts", "--lang", "th"]);
    expect(th.stdout).toContain("Contacts!A2 [contactCode] แถว 3 มีรหัสผู้ติดต่อ DUP-1 เดียวกันแต่ข้อมูลอื่นต่างกัน");

    const post = await docsheet(["post", contacts, "--family", "contacts", ...conn()]);
    expect(post.code).toBe(1);
    expect(post.stdout).toContain("1 created, 0 found from an earlier run, 1 the same as an earlier row, 0 already posted, 4 not sent");
    const rows = await sheetRows(join(s.dir, "clash-contacts.posted.xlsx"));
    expect(rows.slice(0, 4).map((r) => [r.recordId ?? null, String(r.result).slice(0, 14)])).toEqual([
      [null, "not sent: A2: "], [null, "not sent: A3: "], [null, "not sent: D4: "], [null, "not sent: D5: "],
    ]);
    expect(typeof rows[4].recordId).toBe("number");
    expect(rows[5].recordId).toBe(rows[4].recordId);
    expect((await s.client.contacts.list({ pageSize: 1 })).total).toBe(before + 1);

    // Rows already posted are the records their ids name: two of one tax id on the service (a pulled sheet) are no clash.
    const pulled = await writeBook(join(s.dir, "clash-pulled.xlsx"), [
      ["Record id", "Code", "Name", "Type", "Tax id", "Branch"],
      [101, "", "Acme Trading Co., Ltd.", "customer", "0105550000007", "00000"],
      [102, "", "ACME Trading", "customer", "0105550000007", "00000"],
    ], "Contacts");
    expect(JSON.parse((await docsheet(["check", pulled, "--family", "contacts", "--json"])).stdout)).toEqual([]);

    const products = await writeBook(join(s.dir, "clash-products.xlsx"), [
      ["Product code", "Product name", "Type", "Sell price", "VAT"],
      ["PK-1", "Paper", "Product", 135, "VAT exclusive"],
      ["PK-1", "Ink", "Product", 450, "VAT exclusive"],
    ], "Products");
    const pcheck = await docsheet(["check", products, "--family", "products", "--json"]);
    expect((JSON.parse(pcheck.stdout) as Json[]).map((f) => f.cell)).toEqual(["A2", "A3"]);
    const ppost = await docsheet(["post", products, "--family", "products", ...conn()]);
    expect(ppost.code).toBe(1);
    expect(ppost.stdout).toContain("0 created, 0 found from an earlier run, 0 already posted, 2 not sent");
    expect((await recordsOf("products", "PK")).size).toBe(0);
  });
});

describe("identities compare as the service keeps them", () => {
  it("a tax invoice to a contact a contacts post made (branch 00001, kept as สาขา 00001) is that contact's, not a second one", async () => {
    // A person's contact whose tax id was typed with dashes: the sheet's row of its tax id and branch finds it.
    const byHand = Number(((await s.client.contacts.create({
      contactName: "Dashed Co., Ltd.", contactType: 3, contactGroup: 3, contactTaxId: "0-1055-60000-05-1", contactBranch: "สาขา 00002",
    })) as unknown as Json).id);
    const contacts = await writeBook(join(s.dir, "branch-contacts.xlsx"), [
      ["Code", "Name", "Type", "Tax id", "Branch"],
      ["BR-1", "Branch Buyer Co., Ltd.", "customer", "0105560000069", "00001"],
      ["BR-2", "Dashed Co., Ltd.", "customer", "0105560000051", "2"],
    ], "Contacts");
    const post = await docsheet(["post", contacts, "--family", "contacts", ...conn()]);
    expect(post.stdout).toContain("1 created, 0 found from an earlier run, 1 already on the service");
    const rows = await sheetRows(join(s.dir, "branch-contacts.posted.xlsx"));
    expect(rows[1].recordId).toBe(byHand);
    const contactId = Number(rows[0].recordId);
    expect(await s.client.contacts.get(contactId)).toMatchObject({ contactBranch: "สาขา 00001", contactBranchCode: "00001" });

    const invoices = await writeBook(join(s.dir, "branch-invoices.xlsx"), [
      ["documentKey", "Customer", "Tax id", "Branch", "Address", "Date", "isVat", "Item", "Qty", "Unit price"],
      ["1", "Branch Buyer Co., Ltd.", "0-1055-60000-06-9", "00001", "9 Rama IV Road", "2026-01-15", true, "Pen", 1, 100],
      ["2", "Branch Buyer Co., Ltd.", "0105560000069", "สาขา 1", "9 Rama IV Road", "2026-01-16", true, "Pen", 2, 100],
    ]);
    const sent = await docsheet(["post", invoices, "--family", "tax-invoices", ...conn()]);
    expect(sent.stdout).toContain("2 created");
    const named = (await s.client.contacts.list({ pageSize: 200 })).list.filter((c) => (c as unknown as Json).contactName === "Branch Buyer Co., Ltd.");
    expect(named.map((c) => Number((c as unknown as Json).id))).toEqual([contactId]);
    for (const r of await sheetRows(join(s.dir, "branch-invoices.posted.xlsx"))) {
      expect(await s.client.documents("tax-invoices").get(Number(r.recordId))).toMatchObject({ contactId, contactBranch: "00001", contactTaxId: "0105560000069" });
    }
    // Undo of the invoices leaves the contact: the run did not make it.
    const undo = await docsheet(["undo", join(s.dir, "branch-invoices.posted.xlsx"), "--family", "tax-invoices", ...conn()]);
    expect(undo.code).toBe(0);
    await s.client.contacts.get(contactId);
    await XlsxWorkbook.load(join(s.dir, "branch-invoices.posted.xlsx"));
  });
});
