// Withholding tax certificates from sheets, what is theirs alone: the records of a date range as the
// month's returns read them, and the sheet of their last post. Their check, post, act, template and
// undo are the one job of each for every family (check.ts, post.ts with families/post-certificates.ts,
// act.ts, template.ts, undo.ts); their pull is the pull job's (families/pull-certificates.ts).
import type { DocSheetClient } from "../api";
import { CERTIFICATES } from "../families/certificates";
import type { ColumnMapping } from "../sheet/mapping";
import type { ReadTarget, WorkbookPort } from "../workbook/port";
import { postJob } from "./post";
import { loadPostRecord } from "./post-record";
import { throwIfCancelled, type JobContext } from "./types";
import type { PostOutcome } from "./post";
import type { Json } from "../rules/json";

/** The family these jobs run, asked for its name (families/certificates.ts). */
const ENTRY = CERTIFICATES;

export interface WhtPostOptions extends JobContext {
  target?: ReadTarget;
  mapping?: ColumnMapping;
  concurrency?: number;
}

/** Posts the sheet's certificates: the post job's pipeline (post.ts), the family's posting its entry's. */
export function whtPostJob(port: WorkbookPort, client: DocSheetClient, opts: WhtPostOptions): Promise<PostOutcome> {
  return postJob(port, client, { ...opts, family: ENTRY.name });
}

export interface WhtPullOptions extends JobContext {
  /** YYYY-MM-DD bounds of the date paid (both or neither). */
  startDate?: string;
  endDate?: string;
  searchString?: string;
}

/** Every certificate the company has (of the date range), each once, oldest first. */
export async function readCertificates(client: DocSheetClient, opts: WhtPullOptions): Promise<Json[]> {
  const seen = new Map<string, Json>();
  for await (const page of client.withholdingTaxes.listAll({ searchString: opts.searchString }, { signal: opts.signal })) {
    throwIfCancelled(opts.signal);
    for (const rec of page.list) {
      const date = typeof rec.publishedOn === "string" ? rec.publishedOn.slice(0, 10) : "";
      if (opts.startDate && (date < opts.startDate || date > (opts.endDate ?? "9999"))) continue;
      seen.set(String(rec.recordId), rec as Json);
    }
    opts.onProgress?.({ done: seen.size, total: page.total });
  }
  return [...seen.values()].sort((a, b) => String(a.publishedOn).localeCompare(String(b.publishedOn)) || Number(a.recordId) - Number(b.recordId));
}

/** The sheet of the workbook's last certificate post, if any (the pane reads its saved mapping). */
export async function whtPostSheet(port: WorkbookPort): Promise<string | undefined> {
  return (await loadPostRecord(port, ENTRY.name))?.sheet;
}
