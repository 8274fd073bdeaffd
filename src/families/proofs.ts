// How each kind of record is known again on the service (the entries' RecordProof, types.ts): what
// a post record's entry or a row keeps of a record (its marker, its fingerprint) held against the
// service's copy now.
import { bookFingerprintHolds } from "../sheet/books/fingerprint";
import { changedSince, isFingerprint } from "../sheet/fingerprint";
import { serviceCopy } from "../sheet/service-copy";
import { certificateFingerprint, isCertificateFingerprint } from "../sheet/wht-fingerprint";
import type { RecordProof } from "./types";

/** Documents and certificates: the post's marker kept in internalNotes, and a fingerprint of the
 * copy as rows read it (sheet/fingerprint.ts); an older record's entry may keep none. */
export const SERIAL_PROOF: RecordProof = {
  marker: "internalNotes",
  changed: (kept, copy) => (isFingerprint(kept) ? changedSince(kept, serviceCopy(copy)) !== undefined : undefined),
};

/** Certificates: as documents, their fingerprint of the certificate's own fields
 * (sheet/wht-fingerprint.ts) since update compares it; a record an older post kept the documents'. */
export const CERTIFICATE_PROOF: RecordProof = {
  marker: SERIAL_PROOF.marker,
  changed: (kept, copy) => (isCertificateFingerprint(kept) ? certificateFingerprint(copy) !== kept.trim() : SERIAL_PROOF.changed(kept, copy)),
};

/** Vouchers, contacts and products: no marker kept for good, a fingerprint of every field
 * (sheet/books/fingerprint.ts). Their records were fingerprinted from the start: one that keeps no
 * fingerprint is taken as changed (nothing is removed that was not seen as made). */
export const BOOK_PROOF: RecordProof = {
  changed: (kept, copy) => !bookFingerprintHolds(kept, copy),
};
