// How each family is posted (the hooks of families/posting.ts), beside its entry rather than in it:
// the hooks use the sheet reader and the jobs' parts, which themselves ask the entries (fields,
// labels), so the entries stay below them and only the post job loads this.
import { isFamily, WHT_FAMILY, type SheetFamily } from "../rules/codes";
import { CERTIFICATE_POSTING } from "./post-certificates";
import { documentPosting } from "./post-documents";
import type { Posting } from "./posting";

/** The family's posting; undefined for the books, which jobs/books.ts still posts. */
export function postingOf(family: SheetFamily): Posting<any> | undefined {
  if (family === WHT_FAMILY) return CERTIFICATE_POSTING;
  return isFamily(family) ? documentPosting(family) : undefined;
}
