// The race guard's targets (race.ts) for the books. Records of an identity are read back by who
// they are rather than by a marker: contacts (tax id and branch, else code, else name) and products
// (code, else name). Records of none (journal vouchers) by the marker in their entry's marker field,
// as documents are; where the service cannot remove one, the loser stays live and is said so. Two
// posts of the same rows at once both see no such record when they look, and both create one; the
// guard reads back the records of the identity (the list filtered by the entry's listedBy fields,
// up to LIST_ORDER_MAX records' terms joined by Or in one list) and of those the lowest record id is
// the row's. The loser is deleted through the entry's store.
import { NotFoundError, type DocSheetClient, type DocumentRecord, type FilterTerm } from "../api";
import { familyEntry, type RecordStore } from "../families";
import { MARKER_PREFIX, hasMarker } from "../sheet/marker";
import type { BookFamily } from "../rules/codes";
import type { Json } from "../rules/json";
import { identityKeys } from "../sheet/books/identity";
import type { RaceTarget } from "./race-target";

const textOf = (v: unknown): string => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");
const SEP = "\u0000";
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The service's answer each guard's view of a record was made from (its fingerprint is the answer's). */
const ANSWERS = new WeakMap<DocumentRecord, Json>();

/** A record as the guard reads records: its id a number, named by its entry (a code, else a name). */
export function bookRecord(family: BookFamily, r: Json): DocumentRecord {
  const entry = familyEntry(family);
  // Its marker where the race guard reads documents' (a voucher's note).
  const notes = entry.recovery.by === "marker" ? textOf(r[entry.recovery.field]) : undefined;
  const rec = { ...r, recordId: Number(r.recordId ?? r.id), documentSerial: entry.nameOf(r), ...(notes !== undefined ? { internalNotes: notes } : {}) } as DocumentRecord;
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

/** The listed records under each wanted key they hold (`keysOf`), lowest record id first. */
async function holdersBy(pages: AsyncGenerator<{ list: unknown[] }>, family: BookFamily, wanted: ReadonlySet<string>, keysOf: (rec: DocumentRecord) => string[]): Promise<Map<string, DocumentRecord[]>> {
  const found = new Map<string, DocumentRecord[]>();
  for await (const page of pages) {
    for (const raw of page.list as Json[]) {
      const rec = bookRecord(family, raw);
      for (const k of keysOf(rec)) {
        if (!wanted.has(k)) continue;
        const list = found.get(k) ?? [];
        if (!list.some((h) => h.recordId === rec.recordId)) list.push(rec);
        found.set(k, list);
      }
    }
  }
  for (const list of found.values()) list.sort((a, b) => a.recordId - b.recordId);
  return found;
}

/** A book's race target: by identity where its records have one, else by marker. */
export function bookRaces(client: DocSheetClient, family: BookFamily): RaceTarget {
  return familyEntry(family).identities.length > 0 ? identityRaces(client, family) : markerRaces(client, family);
}

/** Records read back by the marker in their entry's marker field: every record listed (the books'
 * lists have no date filter), the lowest record id of a marker the row's. */
function markerRaces(client: DocSheetClient, family: BookFamily): RaceTarget {
  const store = familyEntry(family).store(client);
  return {
    holders: async (look, wanted) => {
      // The created records' dates (a racing copy of a row has its date); all of them for unknown dates.
      const dated = ISO_DATE.test(look.startDate) && ISO_DATE.test(look.endDate);
      return holdersBy(store.listAll(look.signal, dated ? { startDate: look.startDate, endDate: look.endDate } : {}), family, wanted, (rec) => {
        const notes = String(rec.internalNotes ?? "");
        return notes.includes(MARKER_PREFIX) ? notes.split(/\r?\n/).map((l) => l.trim()).filter((m) => hasMarker(notes, m)) : [];
      });
    },
    ...removal(store, family),
  };
}

/** Deleted through the entry's store; where it has no delete (vouchers) a loser stays live. */
function removal(store: RecordStore, family: BookFamily): Pick<RaceTarget, "remove" | "gone"> {
  return {
    remove: async (doc, signal) => {
      if (!store.delete) throw new Error(`the service has no way to delete ${family}`);
      await store.delete(doc.recordId, signal);
      return "deleted";
    },
    gone: async (doc, signal) => {
      if (!store.delete) return undefined;
      try {
        await store.get(doc.recordId, signal);
        return undefined;
      } catch (err) {
        return err instanceof NotFoundError ? "deleted" : undefined;
      }
    },
  };
}

function identityRaces(client: DocSheetClient, family: BookFamily): RaceTarget {
  const store = familyEntry(family).store(client);
  return {
    holders: async (look, wanted) => {
      const filter: FilterTerm[] | undefined = look.names.has("") ? undefined : [...look.names].map((t) => {
        const [columnName, columnValue] = t.split(SEP);
        return { columnName, columnValue, columnPredicateOperator: "Or" as const };
      });
      return holdersBy(store.listAll(look.signal, { filter }), family, wanted, (rec) => identityKeys(family, answerOf(rec)));
    },
    ...removal(store, family),
  };
}
