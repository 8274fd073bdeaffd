// The company's withholding tax certificates of a date range, each once, oldest first: what the
// certificates' pull (families/pull-certificates.ts) and the month's returns (wht-report.ts) read.
import type { DocSheetClient } from "../api";
import type { Json } from "../rules/json";
import { throwIfCancelled, type JobContext } from "./types";

export interface CertificateListOptions extends JobContext {
  /** YYYY-MM-DD bounds of the date paid (both or neither). */
  startDate?: string;
  endDate?: string;
  searchString?: string;
}

/** Every certificate the company has (of the date range), each once, oldest first. */
export async function readCertificates(client: DocSheetClient, opts: CertificateListOptions): Promise<Json[]> {
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
