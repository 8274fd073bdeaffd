// The race guard's target (race.ts) for records found again by who they are rather than by a
// marker: contacts (tax id and branch, else code, else name) and products (code, else name). Two
// posts of the same rows at once both see no such record when they look, and both create one; the
// guard reads back the records of the identity (the list filtered by the entry's listedBy fields,
// up to LIST_ORDER_MAX records' terms joined by Or in one list) and of those the lowest record id is
// the row's. The loser is deleted through the entry's store.
import { NotFoundError, type DocSheetClient, type DocumentRecord, type FilterTerm } from "../api";
import { familyEntry } from "../families";
import type { BookFamily } from "../rules/codes";
import type { Json } from "../rules/json";
import { identityKeys } from "../sheet/books/identity";
import type { RaceTarget } from "./race-target";

const textOf = (v: unknown): string => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");
const SEP = "\u0000";

/** The service's answer each guard's view of a record was made from (its fingerprint is the answer's). */
const ANSWERS = new WeakMap<DocumentRecord, Json>();

/** A record as the guard reads records: its id a number, named by its entry (a code, else a name). */
export function bookRecord(family: BookFamily, r: Json): DocumentRecord {
  const rec = { ...r, recordId: Number(r.recordId ?? r.id), documentSerial: familyEntry(family).nameOf(r) } as DocumentRecord;
  ANSWERS.set(rec, r);
  return rec;
}

/** The service's answer a record of bookRecord was made from. */
export const answerOf = (rec: DocumentRecord): Json => ANSWERS.get(rec) ?? (rec as unknown as Json);

/** The first key of a record's identity: what the guard reads it back by ("" for none). */
export function identityKey(family: BookFamily, r: Json): string {
  return identityKeys(family, r)[0] ?? "";
}

/** The list term a record is read back by (the first of the entry's listedBy fields it has), as the
 * guard's search text; "" lists them all. */
export function listedTerm(family: BookFamily, r: Json): string {
  for (const { field, column } of familyEntry(family).listedBy ?? []) {
    const value = textOf(r[field]);
    if (value) return `${column}${SEP}${value}`;
  }
  return "";
}

export function identityRaces(client: DocSheetClient, family: BookFamily): RaceTarget {
  const store = familyEntry(family).store(client);
  return {
    holders: async (look, wanted) => {
      const filter: FilterTerm[] | undefined = look.names.has("") ? undefined : [...look.names].map((t) => {
        const [columnName, columnValue] = t.split(SEP);
        return { columnName, columnValue, columnPredicateOperator: "Or" as const };
      });
      const found = new Map<string, DocumentRecord[]>();
      for await (const page of store.listAll(look.signal, filter)) {
        for (const raw of page.list as Json[]) {
          for (const k of identityKeys(family, raw)) {
            if (!wanted.has(k)) continue;
            const rec = bookRecord(family, raw);
            const list = found.get(k) ?? [];
            if (!list.some((h) => h.recordId === rec.recordId)) list.push(rec);
            found.set(k, list);
          }
        }
      }
      for (const list of found.values()) list.sort((a, b) => a.recordId - b.recordId);
      return found;
    },
    remove: async (doc, signal) => {
      if (!store.delete) throw new Error(`the service has no delete for ${family}`);
      await store.delete(doc.recordId, signal);
      return "deleted";
    },
    gone: async (doc, signal) => {
      try {
        await store.get(doc.recordId, signal);
        return undefined;
      } catch (err) {
        return err instanceof NotFoundError ? "deleted" : undefined;
      }
    },
  };
}
