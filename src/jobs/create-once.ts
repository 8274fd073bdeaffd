// A create sent exactly once: when its answer is lost (OutcomeUnknownError) the record is looked for
// by its row's marker, and only when the service is known not to have it is the create sent again
// (once). Shared by every family's post (post.ts).
import { OutcomeUnknownError } from "../api";

/** `found`: the answer was lost and the marker found `record`, which another post may have made. */
export interface Made<R> {
  record: R;
  found: boolean;
}

/**
 * Sends `send`; on a lost answer asks `byMarker` for the row's record. undefined: still unknown (the
 * look-up found nothing twice, or failed: `lookupFailed` is told why, to stop the job if it must).
 * Any other error of the create is thrown.
 */
export async function createOnce<R>(send: () => Promise<R>, byMarker: () => Promise<R | undefined>, lookupFailed?: (err: unknown) => void): Promise<Made<R> | undefined> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      return { record: await send(), found: false };
    } catch (err) {
      if (!(err instanceof OutcomeUnknownError)) throw err;
      let had: R | undefined;
      try {
        had = await byMarker();
      } catch (lookupErr) {
        lookupFailed?.(lookupErr);
        return undefined;
      }
      if (had !== undefined) return { record: had, found: true };
    }
  }
  return undefined;
}
