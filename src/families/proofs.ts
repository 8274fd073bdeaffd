// How each kind of record is known again on the service (the entries' RecordProof, types.ts): the
// fingerprint of the service's copy that pull, post, update and refresh write (a row's, a post
// record's entry), and what a kept fingerprint or marker tells against the service's copy now.
import { bookFingerprint, bookFingerprintHolds, isBookFingerprint } from "../sheet/books/fingerprint";
import { changedSince, fingerprintOf, isFingerprint } from "../sheet/fingerprint";
import { serviceCopy } from "../sheet/service-copy";
import { certificateFingerprint, certificateFingerprintHolds, isCertificateFingerprint } from "../sheet/wht-fingerprint";
import type { RecordProof } from "./types";

/** Documents: the post's marker kept in internalNotes, and a fingerprint of the copy as rows read
 * it (sheet/fingerprint.ts); an older record's entry may keep none. */
export const SERIAL_PROOF: RecordProof = {
  marker: "internalNotes",
  fingerprint: (copy) => fingerprintOf(serviceCopy(copy)),
  changed: (kept, copy) => (isFingerprint(kept) ? changedSince(kept, serviceCopy(copy)) !== undefined : undefined),
};

/** Certificates: as documents, with a fingerprint of the certificate's own fields
 * (sheet/wht-fingerprint.ts: its income lines, form and condition, which the documents' does not
 * cover), a pulled row's with its columns' hashes. One an older version wrote tells a change, never
 * a match it cannot vouch for: a pull's of the whole record holds only for that very copy, and the
 * documents' that still holds is unchecked (the lines it does not cover may have changed). */
export const CERTIFICATE_PROOF: RecordProof = {
  marker: SERIAL_PROOF.marker,
  fingerprint: certificateFingerprint,
  changed: (kept, copy) => {
    if (isCertificateFingerprint(kept)) return !certificateFingerprintHolds(kept, copy);
    if (isBookFingerprint(kept)) return bookFingerprintHolds(kept, copy) ? false : undefined;
    return SERIAL_PROOF.changed(kept, copy) ? true : undefined;
  },
};

/** Vouchers, contacts and products: no marker kept for good, a fingerprint of every field
 * (sheet/books/fingerprint.ts). Their records were fingerprinted from the start: one that keeps no
 * fingerprint is taken as changed (nothing is removed that was not seen as made). */
export const BOOK_PROOF: RecordProof = {
  fingerprint: bookFingerprint,
  changed: (kept, copy) => !bookFingerprintHolds(kept, copy),
};
