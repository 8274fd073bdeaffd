// What a job checks on the service before it changes a document it found through the workbook, so
// that nothing acts on what it cannot verify: a record id typed over, a post record edited by hand.
// - A row (act, update, refresh): its record id and its serial must name the same record. A row
//   without a serial is taken only when its fingerprint matches the service's copy as the family's
//   proof reads it (the entry's: families/proofs.ts), and a document's row still names the party
//   its fingerprint saw.
// - A post record's entry (undo), for every family: a seal that no longer matches (post-record.ts)
//   is an entry changed by hand, refused. Where the family's records keep the post's marker for good
//   (documents, certificates: the entry's proof), an entry with its seal intact is taken when the
//   service's copy carries the post's marker (sheet/marker.ts) and the serial the post recorded; an
//   entry without a seal (an older record's, or one added by hand) must pass everything at once: the
//   serial, the fingerprint and the marker (or, when the entry names none, some post's marker).
//   Where they keep none (vouchers, contacts, products), a sealed entry is taken when the copy goes
//   by the name the post recorded, and one without a seal is refused.
// Reasons are English from the tables; the jobs write them in the run's language. Pure.
import type { DocumentRecord } from "../api";
import type { FamilyEntry, RecordProof } from "../families";
import type { Json } from "../rules/json";
import type { SheetFamily } from "../rules/codes";
import { editedSince } from "../sheet/fingerprint";
import type { Message } from "../rules/message";
import { resultMsg } from "../sheet/i18n/results";
import { hasMarker, markerIn } from "../sheet/marker";
import type { SheetDocument } from "../sheet/read";
import { sealOf, type RunDocument } from "./post-record";

const text = (v: unknown): string => (v === undefined || v === null ? "" : String(v).trim());

/** The fields that say whose document it is: a row naming its document by fingerprint alone must
 * keep them as the fingerprint saw them (a fingerprint pasted with another row's record id does not). */
const PARTY_KEYS = ["contactName", "contactTaxId", "contactCode"];

/** The row's serial (documentSerial cell), "" when it has none. */
export const rowSerial = (doc: SheetDocument): string => text(doc.fields.documentSerial?.value);

/** Why the row's record id cannot be trusted to name the record the row means; undefined when it
 * can. `proof`: the family's (its entry's), which says whether the row's fingerprint holds. */
export function rowMismatch(doc: SheetDocument, rec: DocumentRecord, proof: RecordProof): Message | undefined {
  const serial = rowSerial(doc);
  const actual = text(rec.documentSerial) || `#${rec.recordId}`;
  if (serial !== "") return serial === text(rec.documentSerial) ? undefined : resultMsg("rowOtherDocument", { recordId: rec.recordId, serial, actual });
  const kept = doc.fields.fingerprint?.value;
  const party = PARTY_KEYS.filter((k) => doc.fields[k] !== undefined);
  // A documents' fingerprint hashes each field: the party must still be what it saw (others cover no party alone).
  const holds = proof.changed(kept, rec as unknown as Json) === false && (editedSince(kept, doc, party, false) ?? []).length === 0;
  return holds ? undefined : resultMsg("rowUnverified", { recordId: rec.recordId, actual });
}

export interface PostCheck {
  /** The service's copy is the post's record (its rows are the post's and get the reason). */
  own: boolean;
  /** Why undo must leave it alone; undefined when it may undo it. */
  refused?: Message;
}

/** Whether a record's entry names, on the service, the record the post created. What vouches for
 * the copy is the family's (its entry's proof): the post's marker where its records keep it for good,
 * else the name a sealed entry recorded. */
export function checkPostDocument(entry: RunDocument, now: Json, family: FamilyEntry): PostCheck {
  const serial = entry.serial || `#${entry.recordId}`;
  const actual = text(family.nameOf(now));
  const named = !!entry.serial && entry.serial === actual;
  const sealed = entry.seal !== undefined;
  const field = family.proof.marker;
  const carries = field !== undefined && (entry.marker ? hasMarker(now[field], entry.marker) : markerIn(now[field]) !== undefined);
  // The copy is the post's when it carries the marker of an entry the post sealed (a serial changed
  // by hand since), or carries some post's marker and everything else matches; where no marker is
  // kept, when a sealed entry's name is the copy's.
  const own = field !== undefined
    ? carries && ((sealed && entry.marker !== undefined) || (named && family.proof.changed(entry.fingerprint, now) === false))
    : sealed && named;
  if (!entryIntact(entry, family.name)) return { own, refused: resultMsg("undoRecordEdited", { serial }) };
  if (entry.serial && !named) return { own, refused: resultMsg("undoOtherDocument", { recordId: entry.recordId, serial: entry.serial, actual }) };
  if (field !== undefined && entry.marker && !carries) return { own, refused: resultMsg("undoNoMarker", { serial }) };
  if (!own) return { own, refused: resultMsg("undoUnverified", { serial }) };
  return { own };
}

/** Whether a record's entry is as the post wrote it, as far as its seal tells (an entry without one cannot tell). */
export function entryIntact(entry: RunDocument, family: SheetFamily): boolean {
  return entry.seal === undefined || entry.seal === sealOf(family, entry);
}
