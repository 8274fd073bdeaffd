// What two rows naming one contact or product are told, through the real bin and the real local
// service: the clash of a code, and of a tax id and branch typed two ways, at both rows' cells in
// English and Thai; rows alike are one record, said so; a pulled sheet's rows of one tax id are the
// records their ids name, no clash. (That every family keeps these promises, and the kill, race and
// identity ones, is test/families/promises-*.test.ts.)
import { join } from "node:path";
import { cliRunner } from "./run";
import { cliSession, sheetRows, writeBook } from "./session";

jest.setTimeout(120_000);

const s = cliSession("books-promises");
const docsheet = cliRunner();
const conn = (): string[] => ["--base-url", s.service.root, ...s.auth];

type Json = Record<string, unknown>;
type Book = "contacts" | "products";

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
