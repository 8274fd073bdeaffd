// The kept conditions of document lists (documents/list-sql.ts matchSql) read only the columns the
// document update trigger compares before it moves kept totals (KEPT_LIST_COLUMNS, migration 0016's
// list_counts_seen): a condition over another column would miss writes of it (a void, which changes
// the status only, is not passed on).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { KEPT_LIST_COLUMNS, matchSql, type ListWhere } from "../../src/service/documents/list-sql";

const SQL_WORDS = new Set(["and", "or", "not", "like", "any", "array", "lower", "date"]);

describe("kept list conditions", () => {
  it("read only the columns the update trigger compares, and the migration compares those", () => {
    const filter = (column: string, value: string, or = true) => ({ column, kind: "text" as const, value, or });
    const lists: ListWhere[] = [
      { companyId: 1, family: "tax-invoices" },
      { companyId: 1, family: "tax-invoices", from: "2026-04-01", to: "2026-04-30" },
      { companyId: 1, family: "tax-invoices", search: "acme" },
      { companyId: 1, family: "tax-invoices", search: "a\u0001b" },
      { companyId: 1, family: "tax-invoices", order: { sort: [], filter: [filter("Contact.NameLocal", "a"), filter("Contact.NameLocal", "b"), filter("documentSerial", "c", false)] } },
      { companyId: 1, family: "tax-invoices", order: { sort: [], filter: [filter("documentSerial", "c")] } },
    ];
    const read = new Set(lists.flatMap((l) => matchSql(l).cond.replace(/%\d+\$L/g, "").match(/[a-z_][a-z0-9_]*/g) ?? []).filter((w) => !SQL_WORDS.has(w)));
    expect([...read].filter((c) => !(KEPT_LIST_COLUMNS as readonly string[]).includes(c))).toEqual([]);
    const migration = readFileSync(join(__dirname, "../../src/service/store/migrations/0016_list_counts_net_change.sql"), "utf8");
    const seen = /jsonb_build_array\(([^)]*)\)/.exec(migration)![1].match(/"d"\."([a-z_]+)"/g)!.map((c) => c.slice(5, -1));
    expect(seen).toEqual([...KEPT_LIST_COLUMNS]);
  });
});
