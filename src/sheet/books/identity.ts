// Who a contact or product is, compared as the service keeps it: a contact by its tax id and branch
// (the tax id's digits however typed, the branch as its 5-digit code whether kept as "00001", "สาขา
// 00001" or "สำนักงานใหญ่"), by its code, and by its name when it has no tax id; a product by its
// code, else its name. The books' post finds the service's records by these keys, the documents'
// post finds a document's contact by them, and two rows of one sheet naming one record by them must
// say the same of it (repeatedRecords). Which keys a family has is its sheet's (families/sheets.ts).
// Pure.
import { familySheet, type IdentityKey, type RecordIdentity } from "../../families/sheets";
import type { BookFamily } from "../../rules/codes";
import type { Json } from "../../rules/json";
import type { Message } from "../../rules/message";
import { normalizeName } from "../fields";
import { cellFinding, type CellFinding } from "../findings";
import { sheetMsg } from "../messages";
import type { SheetLayout } from "../sheet-document";
import { taxIdDigits } from "../tax-id";
import { branchCodeOf, textOf } from "./branch";
import type { BuiltBook } from "./built";

/** The key of a contact's tax id and branch, or undefined without a tax id. */
export function taxKeyOf(r: Json): string | undefined {
  const taxId = taxIdDigits(textOf(r.contactTaxId));
  return taxId ? `tax:${taxId}:${branchCodeOf(r)}` : undefined;
}

/** Its family's identity (families/sheets.ts); none for a family whose rows name no shared record. */
const identityOf = (family: BookFamily): RecordIdentity | undefined => familySheet(family).identity;

/** The key a record has of `k`, or undefined where it gives none (no tax id, no code). */
function keyOf(k: IdentityKey, r: Json): string | undefined {
  if (k.by === "tax") return taxKeyOf(r);
  const text = textOf(r[k.field]);
  if (k.by === "code") return text ? `code:${text.toLowerCase()}` : undefined;
  return `name:${normalizeName(text)}`;
}

/** A record's identities, the one that decides first: a row with a tax id is the contact of that
 * tax id and branch (else of its code); a name only names a record without the key it yields to. */
export function identityKeys(family: BookFamily, r: Json): string[] {
  const keys: string[] = [];
  const has = new Set<IdentityKey["by"]>();
  for (const k of identityOf(family)?.keys ?? []) {
    if (k.by === "name" && has.has(k.unless)) continue;
    const key = keyOf(k, r);
    if (key === undefined) continue;
    keys.push(key);
    has.add(k.by);
  }
  return keys;
}

/** Wire values compared as the sheet shows them: numbers by value, text trimmed, empty as absent. */
export function sameValue(a: unknown, b: unknown): boolean {
  const norm = (v: unknown): string => (v === undefined || v === null ? "" : typeof v === "number" ? String(v) : String(v).trim());
  const x = norm(a);
  const y = norm(b);
  return x === y || (x !== "" && y !== "" && !Number.isNaN(Number(x)) && Number(x) === Number(y));
}

/** The fields of `body` (what a row sends) that `record` does not hold alike; a contact's branch by
 * its code (the service keeps "สาขา 00001" for 00001), its tax id by its digits; a product's
 * structure is its type said as a name (service-facts §5.2), which a record may not keep: its type
 * is compared. */
export function differingFields(body: Json, record: Json): string[] {
  return Object.keys(body).filter((k) => {
    if (k === "productStructureType") return false;
    if (k === "contactBranch" || k === "contactBranchCode") return branchCodeOf(body) !== branchCodeOf(record);
    if (k === "contactTaxId") return taxIdDigits(textOf(body[k])) !== taxIdDigits(textOf(record[k]));
    return !sameValue(body[k], record[k]);
  });
}

/** Where an identity is written on a row, and what a second row of it with other details is told. */
function clash(identity: RecordIdentity, key: string, body: Json): { field: string; msg: (row: number) => Message } {
  const [by, taxId, branch] = key.split(":");
  const k = identity.keys.find((x) => x.by === by)!;
  if (k.by === "tax") return { field: k.field, msg: (row) => sheetMsg(k.clash, { row, taxId, branch }) };
  if (k.by === "code") return { field: k.field, msg: (row) => sheetMsg(k.clash, { row, code: textOf(body[k.field]) }) };
  return { field: k.field, msg: (row) => sheetMsg(k.clash, { row }) };
}

/**
 * Rows of one sheet naming the same contact or product. Alike (every field the same): one record,
 * sent once, the later rows noted as the first's. Not alike: neither can be the record the other
 * names, so both rows are errors (at the identity's cell, each naming the other row), found
 * before anything is sent, by check and by post alike.
 */
export function repeatedRecords(family: BookFamily, built: readonly BuiltBook[], layout: SheetLayout): CellFinding[] {
  const identity = identityOf(family);
  if (!identity) return [];
  const at = (b: BuiltBook, field: string, msg: Message, severity: CellFinding["severity"]): CellFinding => {
    const cell = b.doc.fields[field];
    const col = cell && !cell.stated ? cell.col : layout.headers.columns.get(field) ?? layout.headers.left;
    return cellFinding(layout.sheet, b.doc.firstRow, col, field, msg, severity);
  };
  const byKey = new Map<string, BuiltBook[]>();
  const out: CellFinding[] = [];
  const told = new Set<string>();
  const tell = (b: BuiltBook, id: string, f: () => CellFinding): void => {
    if (told.has(`${b.doc.firstRow}|${id}`)) return;
    told.add(`${b.doc.firstRow}|${id}`);
    out.push(f());
  };
  const alike = (a: BuiltBook, b: BuiltBook): boolean =>
    differingFields(a.body as Json, b.body as Json).length === 0 && differingFields(b.body as Json, a.body as Json).length === 0;
  for (const b of built) {
    if (!b.body) continue;
    let sameAs: BuiltBook | undefined;
    for (const key of identityKeys(family, b.body as Json)) {
      const earlier = byKey.get(key) ?? [];
      byKey.set(key, [...earlier, b]);
      for (const e of earlier) {
        // Two rows already posted are the records their ids name (a pulled sheet of two contacts the
        // service keeps under one tax id): neither is sent, so neither is one record with the other.
        if (e.doc.fields.recordId && b.doc.fields.recordId) continue;
        if (alike(e, b)) {
          sameAs ??= earlier[0];
          continue;
        }
        const mine = clash(identity, key, b.body as Json);
        const theirs = clash(identity, key, e.body as Json);
        tell(e, `${key}|${b.doc.firstRow}`, () => at(e, theirs.field, theirs.msg(b.doc.firstRow + 1), "error"));
        tell(b, `${key}|${e.doc.firstRow}`, () => at(b, mine.field, mine.msg(e.doc.firstRow + 1), "error"));
      }
    }
    if (sameAs) {
      const row = sameAs.doc.firstRow + 1;
      tell(b, "same", () => at(b, identity.same.field, sheetMsg(identity.same.note, { row }), "note"));
    }
  }
  return out;
}
