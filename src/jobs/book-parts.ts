// What the books' jobs share (journal vouchers, contacts, products): a book's sheet read as its
// family's, its records on the service indexed as its entry finds them again (by the marker in the
// field its records carry, and by identity), the labels its fields go by, and a product's accounts.
import type { DocSheetClient } from "../api";
import type { BookFamily } from "../rules/codes";
import type { Json } from "../rules/json";
import { familyEntry } from "../families";
import type { ChartAccount } from "../sheet/books/accounts";
import { bookTable } from "../sheet/books/fields";
import { identityKeys, sameValue } from "../sheet/books/identity";
import type { ColumnMapping } from "../sheet/column-mapping";
import type { Lang } from "../sheet/i18n/lang";
import { readDocuments, type ReadResult } from "../sheet/read";
import { throwIfCancelled } from "./types";

export function readBook(block: Parameters<typeof readDocuments>[0], family: BookFamily, mapping?: ColumnMapping): ReadResult {
  return readDocuments(block, { table: bookTable(family), mapping, family });
}

const textOf = (v: unknown): string => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");

export const idOf = (r: Json): number => Number(r.recordId ?? r.id);

/** What the service has of a book's records, found as its entry finds them again. */
export interface BookIndex {
  /** The record a row's body (and the marker its run gave it) names, if the service has one. */
  find(body: Json, marker: string): Json | undefined;
  /** The highest record id the look-up saw (0 for none). */
  maxId: number;
}

/** Both carry a code (a contact's or a product's) and they differ. */
function codesDisagree(a: Json, b: Json): boolean {
  const code = (r: Json): string => textOf(r.contactCode ?? r.code).toLowerCase();
  return code(a) !== "" && code(b) !== "" && code(a) !== code(b);
}

/** `noteOf`: where a record keeps the marker of the row that made it (a contact's contactNote). */
function bookIndex(records: readonly Json[], keysOf: (r: Json) => string[], noteOf?: (r: Json) => unknown): BookIndex {
  const index = new Map<string, Json>();
  const byMarker = new Map<string, Json>();
  let maxId = 0;
  for (const r of records) {
    for (const k of keysOf(r)) if (!index.has(k)) index.set(k, r);
    for (const line of textOf(noteOf?.(r)).split("\n")) if (line.trim().startsWith("docsheet:") && !byMarker.has(line.trim())) byMarker.set(line.trim(), r);
    if (idOf(r) > maxId) maxId = idOf(r);
  }
  return {
    maxId,
    // The record this row made (by its marker) before any other of its identity: of two contacts of
    // one name, a person's and the killed run's, the run's is the one it claims. Then the first key
    // the row has decides: a row with a tax id is the contact of that tax id and branch (else of its
    // code); the name is only a contact's key when it has no tax id.
    find: (body, marker) => {
      const keys = keysOf(body);
      const own = byMarker.get(marker);
      // A record of no identity (a voucher) is found by its marker alone.
      if (own && (keys.length === 0 || keysOf(own).includes(keys[0]))) return own;
      for (const k of keys) {
        const hit = index.get(k);
        // A name names the record only when their codes do not disagree: a row with a new code is a
        // new contact, not the one of another code that shares its name.
        if (hit && !(k.startsWith("name:") && codesDisagree(body, hit))) return hit;
      }
      return undefined;
    },
  };
}

export async function allOf(pages: AsyncGenerator<{ list: unknown[] }>, signal?: AbortSignal): Promise<Json[]> {
  const out: Json[] = [];
  for await (const page of pages) {
    throwIfCancelled(signal);
    out.push(...(page.list as Json[]));
  }
  return out;
}

/** The family's records, indexed as its entry finds them again: by the marker field its records
 * carry (a voucher's note, a contact's contactNote), and by identity (contacts, products). */
export async function bookIndexOf(client: DocSheetClient, family: BookFamily, signal?: AbortSignal): Promise<BookIndex> {
  const entry = familyEntry(family);
  const records = await allOf(entry.store(client).listAll(signal), signal);
  const recovery = entry.recovery;
  const noteOf = recovery.by === "marker" ? (r: Json): unknown => r[recovery.field] : undefined;
  return bookIndex(records, (r) => identityKeys(family, r), noteOf);
}

/** The label a field is known by in the sheet's language (by its key or its wire name). */
export function fieldLabel(family: BookFamily, wire: string, lang: Lang): string {
  // A column sent as other body fields too (a product's VAT as its sell and buy VAT) names them.
  const def = [...bookTable(family).byKey.values()].find((d) => d.wire === wire || d.key === wire || d.sentAs?.includes(wire));
  return def ? def[lang][0] : wire;
}

/** What the service calls a record: a voucher's number, a contact's or product's code, else its name. */
export function recordName(family: BookFamily, r: Json): string {
  return familyEntry(family).nameOf(r);
}

export const SIDES = [["sellSettings", "sellChartOfAccountCode"], ["buySettings", "buyChartOfAccountCode"]] as const;

/** A product master's sell and buy accounts by their columns' keys, as the chart's codes (a pulled
 * sheet's cells; an account the chart does not have is left out). */
export function masterCodes(master: Json, chart: readonly ChartAccount[]): Json {
  const codes: Json = {};
  for (const [side, key] of SIDES) {
    const id = Number((master[side] as Json | undefined)?.chartOfAccountId);
    const hit = chart.find((a) => a.id === id);
    if (hit) codes[key] = hit.code;
  }
  return codes;
}

/** The account columns whose account differs from the product master's. */
export function accountsChanged(sheet: Json, master: Json): string[] {
  return SIDES.filter(([side]) => {
    const given = (sheet[side] as Json | undefined)?.chartOfAccountId;
    return given !== undefined && !sameValue(given, (master[side] as Json | undefined)?.chartOfAccountId);
  }).map(([, key]) => key);
}
