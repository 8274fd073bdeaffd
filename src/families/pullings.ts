// How pull reads each family's records into a sheet (jobs/pull.ts), beside the entries rather than in
// them, as postings.ts and unpostings.ts are: documents page by page with the list's filters (one row
// per document or per line), certificates by the date paid (one row per income line), the books
// whole, in the layout their templates have.
import { isFamily, WHT_FAMILY, type SheetFamily } from "../rules/codes";
import { isBook } from "./cards";
import { bookPulling } from "./pull-books";
import { CERTIFICATE_PULLING } from "./pull-certificates";
import { documentPulling } from "./pull-documents";
import type { Pulling } from "./pulling";

export type { PulledTable, PullOptions, Pulling, PullQuery, PullRecord, RefreshSheet, RowState } from "./pulling";

/** The family's way into a sheet. */
export function pullingOf(family: SheetFamily): Pulling {
  if (family === WHT_FAMILY) return CERTIFICATE_PULLING;
  if (isBook(family)) return bookPulling;
  if (isFamily(family)) return documentPulling;
  throw new Error(`no pulling for ${String(family)}`);
}
