// How each family is posted (the hooks of families/posting.ts), beside its entry rather than in it:
// the hooks use the sheet reader and the jobs' parts, which themselves ask the entries (fields,
// labels), so the entries stay below them and only the post job loads this.
import { isFamily, WHT_FAMILY, type SheetFamily } from "../rules/codes";
import { isBook } from "./cards";
import { bookPosting } from "./post-books";
import { CERTIFICATE_POSTING } from "./post-certificates";
import { documentPosting } from "./post-documents";
import type { Posting } from "./posting";

/** The family's posting (one per run: a book's holds the chart it read). */
export function postingOf(family: SheetFamily): Posting<any> | undefined {
  if (family === WHT_FAMILY) return CERTIFICATE_POSTING;
  if (isBook(family)) return bookPosting(family);
  return isFamily(family) ? documentPosting(family) : undefined;
}
