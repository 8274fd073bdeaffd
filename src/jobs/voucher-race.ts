// The race guard's target for journal vouchers (race.ts): a voucher carries its row's marker in its
// note, as a document does in internalNotes, so two posts of the same rows at once settle as
// documents do (the lowest record id is the row's). The service can neither delete nor void a
// voucher: the loser's copy stays live, and the guard answers "stuck" with the winner, which the
// post says at the row (books.ts) instead of "created".
import type { DocSheetClient, DocumentRecord } from "../api";
import { RANGE } from "../rules/codes";
import type { Json } from "../rules/json";
import { MARKER_PREFIX, hasMarker } from "../sheet/marker";
import type { RaceTarget } from "./race";

const textOf = (v: unknown): string => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");

/** A voucher as the guard reads records: its id, number and marker lines (its note); every field kept. */
export function voucherRecord(r: Json): DocumentRecord {
  return { ...r, recordId: Number(r.recordId ?? r.id), documentSerial: textOf(r.documentSerial), internalNotes: textOf(r.note) } as DocumentRecord;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Journal vouchers: a read-back lists the vouchers of the created ones' dates (a racing copy of a row
 * has its date), as a document's does; the list has no contact filter. Vouchers of unknown dates:
 * all of them. A service that ignores the range lists them all, which is still right. */
export function voucherRaces(client: DocSheetClient): RaceTarget {
  return {
    holders: async (look, wanted) => {
      const found = new Map<string, DocumentRecord[]>();
      const dated = ISO_DATE.test(look.startDate) && ISO_DATE.test(look.endDate);
      const query = dated ? { pageSize: 200, range: RANGE.DateRange, startDate: look.startDate, endDate: look.endDate } : { pageSize: 200 };
      for await (const page of client.journalEntries.listAll(query, { signal: look.signal })) {
        for (const raw of page.list as unknown as Json[]) {
          const rec = voucherRecord(raw);
          const notes = String(rec.internalNotes ?? "");
          if (!notes.includes(MARKER_PREFIX)) continue;
          for (const line of notes.split(/\r?\n/)) {
            const m = line.trim();
            if (!wanted.has(m) || !hasMarker(notes, m)) continue;
            const list = found.get(m) ?? [];
            if (!list.some((h) => h.recordId === rec.recordId)) list.push(rec);
            found.set(m, list);
          }
        }
      }
      for (const list of found.values()) list.sort((a, b) => a.recordId - b.recordId);
      return found;
    },
    remove: () => Promise.reject(new Error("the service has no way to delete or void a journal voucher")),
    // Nobody can remove a voucher: a live one stays live.
    gone: () => Promise.resolve(undefined),
  };
}
