// Every family keeps its promises about what rows name (issue 34), through the real command on
// .xlsx files and the real local service: two rows naming one identity of the family's entry with
// other details are errors at both rows, in check and in post, and neither is sent, while rows
// alike are one record, said so; and identities compare as the service keeps them (branch 00001 is
// "สาขา 00001", a tax id with or without dashes), so a row naming a contact the service has, however
// typed, is that contact's and never makes a second one.
import { join } from "node:path";
import type { FamilyEntry, Json } from "../../src/families";
import { cliRunner } from "../cli/run";
import { cliSession, sheetRows, writeBook } from "../cli/session";
import { SAMPLES } from "./samples";
import { eachFamily, liveRecords } from "./support";

jest.setTimeout(120_000);

const s = cliSession("promises-rows");
const docsheet = cliRunner();
const conn = (): string[] => ["--base-url", s.service.root, ...s.auth];

/** Twelve digits and the check digit that makes them a tax id. */
function validTaxId(twelve: string): string {
  const sum = [...twelve].reduce((a, d, i) => a + Number(d) * (13 - i), 0);
  return `${twelve}${(11 - (sum % 11)) % 10}`;
}

describe("two rows naming one record", () => {
  // Where a row's record is its key's alone, rows of one key are one record's lines.
  eachFamily("with other details, errors at both rows in check and post, nothing sent; alike, one record", (e) => e.identities.length > 0, async (family, entry, index) => {
    const sample = SAMPLES[family];
    const prefix = `D${index}`;
    await sample.before?.(s.client, prefix, 2);
    const rows = [sample.header, ...sample.rows(prefix, 1), ...sample.rows(prefix, 1, 1), ...sample.rows(prefix, 2), ...sample.rows(prefix, 2)];
    const path = await writeBook(join(s.dir, `${prefix}.xlsx`), rows, sample.sheet);

    const check = await docsheet(["check", path, "--family", family, "--json"]);
    expect(check.code).toBe(1);
    const errors = (JSON.parse(check.stdout) as Json[]).map((f) => String(f.cell));
    expect(errors.map((cell) => Number(/\d+$/.exec(cell)![0]))).toEqual([2, 3]);

    const post = await docsheet(["post", path, "--family", family, ...conn()]);
    expect(post.code).toBe(1);
    expect(post.stdout).toMatch(/^1 created, 0 found from an earlier run, 1 the same as an earlier row, .*2 not sent/m);
    const posted = await sheetRows(join(s.dir, `${prefix}.posted.xlsx`));
    expect(posted.map((r) => (typeof r.recordId === "number" ? "id" : String(r.result).slice(0, 10)))).toEqual(["not sent: ", "not sent: ", "id", "id"]);
    expect(posted[3].recordId).toBe(posted[2].recordId);
    const live = await liveRecords(s.client, entry, prefix);
    expect([...live.entries()]).toEqual([[`${prefix}-2`, [posted[2].recordId]]]);
  });
});

describe("identities compare as the service keeps them", () => {
  const taxIdentity = (e: FamilyEntry): boolean => e.identities.some((keys) => keys.includes("contactTaxId"));
  // Rows that name a contact: contacts themselves, and documents to a customer or supplier (a
  // receipt's contact is its invoice's; a certificate's payee is written on it, no contact).
  const namesContact = (e: FamilyEntry): boolean => taxIdentity(e) || SAMPLES[e.name].header.includes("contactName");
  eachFamily("a row naming a contact the service has, its tax id and branch typed otherwise, is that contact's", namesContact, async (family, entry, index) => {
    const sample = SAMPLES[family];
    const named = sample.header.indexOf("contactName");
    const prefix = `I${index}`;
    await sample.before?.(s.client, prefix, 1);
    const taxId = validTaxId(`01055600${String(1000 + index).padStart(4, "0")}`);
    const dashed = `${taxId[0]}-${taxId.slice(1, 5)}-${taxId.slice(5, 10)}-${taxId.slice(10, 12)}-${taxId[12]}`;
    const name = `${prefix} Branch Buyer Co., Ltd.`;
    // The contact as the service keeps it: branch "สาขา 00001", tax id typed with dashes by a person.
    const contact = Number(((await s.client.contacts.create({ contactName: name, contactType: 3, contactGroup: 3, contactTaxId: dashed, contactBranch: "สาขา 00001" } as never)) as unknown as Json).id);
    const contactsBefore = (await s.client.contacts.list({ pageSize: 1 })).total;

    const rows: unknown[][] = [[...sample.header, "contactTaxId", "contactBranch"]];
    if (taxIdentity(entry)) rows.push([`${prefix}-1`, name, "customer", taxId, "1"]);
    else for (const [i, [t, b]] of [[taxId, "00001"], [dashed, "สาขาที่ 1"]].entries()) rows.push(...sample.rows(prefix, i + 1).map((r) => [...r.map((v, c) => (c === named ? name : v)), t, b]));
    const path = await writeBook(join(s.dir, `${prefix}.xlsx`), rows, sample.sheet);
    const post = await docsheet(["post", path, "--family", family, ...conn()]);
    expect(post.stderr).not.toMatch(/not sent|failed/);
    const posted = await sheetRows(join(s.dir, `${prefix}.posted.xlsx`));
    expect((await s.client.contacts.list({ pageSize: 1 })).total).toBe(contactsBefore);
    if (taxIdentity(entry)) {
      expect(posted.map((r) => r.recordId)).toEqual([contact]);
    } else {
      for (const r of posted) expect(Number(((await entry.store(s.client).get(Number(r.recordId))) as Json).contactId)).toBe(contact);
    }
  });
});
