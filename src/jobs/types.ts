// What every job shares: progress, cancel, the clock. Jobs touch no Node built-ins: the port,
// the client and the clock are handed in.
import type { RecordFigures } from "../families/posting";
import type { CellFinding } from "../sheet/findings";
import type { Lang } from "../sheet/i18n/lang";

export interface Progress {
  /** Units done so far (documents, pages), and the total when known. */
  done: number;
  total?: number;
  /** What just happened, for a plain log line. */
  message?: string;
}

export interface JobContext {
  onProgress?: (p: Progress) => void;
  signal?: AbortSignal;
  /** Now; tests and the CLI pass their own. */
  now?: () => Date;
  /** The language of what the job writes into the sheet (results, statuses, marks) and reports;
   * default English. Findings it returns stay in the rules' English: callers translate what they show. */
  lang?: Lang;
}

/** A run's row results in the sheet's order, top to bottom, as the sheet and its reader go: a pool
 * finishes them in any order (a row refused before anything is sent, first). Sorted in place. */
export function inSheetOrder<T extends { rows: readonly number[] }>(results: T[]): T[] {
  return results.sort((a, b) => (a.rows[0] ?? 0) - (b.rows[0] ?? 0));
}

/** YYYY-MM-DD of a moment in local time (the user's "today"). */
export function localDate(d: Date): string {
  const p = (n: number): string => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

export class JobCancelledError extends Error {
  constructor() {
    super("cancelled");
    this.name = "JobCancelledError";
  }
}

export function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new JobCancelledError();
}

export interface CheckOutcome {
  sheet: string;
  documents: number;
  findings: CellFinding[];
  /** When asked for: each record's VAT and grand total as it would be created (row: its first, 0-based). */
  figures?: Array<{ key: string; row: number } & RecordFigures>;
}
