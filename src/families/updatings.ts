// How each family's rows are updated (the hooks of families/updating.ts), beside the entries rather
// than in them, as postings.ts and pullings.ts are: only the update job loads this.
import { isFamily, WHT_FAMILY, type SheetFamily } from "../rules/codes";
import { isBook } from "./cards";
import { bookUpdating } from "./update-books";
import { CERTIFICATE_UPDATING } from "./update-certificates";
import { documentUpdating } from "./update-documents";
import type { Updating } from "./updating";

export type { RowPlan, UpdateContext, Updating, UpdateWrites } from "./updating";

/** The family's updating (one per run: a book's holds the chart it read). */
export function updatingOf(family: SheetFamily): Updating {
  if (family === WHT_FAMILY) return CERTIFICATE_UPDATING;
  if (isBook(family)) return bookUpdating(family);
  if (isFamily(family)) return documentUpdating(family);
  throw new Error(`no updating for ${String(family)}`);
}
