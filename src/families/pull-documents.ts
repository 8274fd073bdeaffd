// A document family's pull (families/pullings.ts): every page of its list with the spec's filters,
// one row per document or per line, statuses as people say them; read again by refresh-documents.ts.
import type { DocSheetClient } from "../api";
import { FAMILY_INFO, type Family } from "../rules/codes";
import { resultMsg } from "../sheet/i18n/results";
import { statusText } from "../sheet/i18n/status";
import { render } from "../sheet/i18n/render";
import { documentRows, pruneColumns, pullKeys } from "../sheet/pull";
import type { CellValue } from "../workbook/port";
import { throwIfCancelled } from "../jobs/types";
import type { PulledTable, PullOptions, Pulling } from "./pulling";
import { documentRefresh } from "./refresh-documents";

async function documentTable(client: DocSheetClient, opts: PullOptions<Family>): Promise<PulledTable> {
  const api = client.documents(opts.family);
  const lines = opts.lines ?? false;
  const keys = pullKeys(opts.family, lines);
  const lang = opts.lang ?? "en";
  // Statuses as people say them, like the post and act jobs write them (read back by values.ts).
  const statusCol = keys.indexOf("status");
  const rows: CellValue[][] = [];
  let documents = 0;
  for await (const page of api.listAll({ ...opts.query }, { signal: opts.signal, concurrency: opts.concurrency })) {
    throwIfCancelled(opts.signal);
    for (const rec of page.list) {
      // Lists of the real service may leave the lines out: read the document for them.
      const doc = lines && rec.items === undefined ? await api.get(rec.recordId, { signal: opts.signal }) : rec;
      for (const r of documentRows(doc, keys, lines, lang)) {
        if (statusCol >= 0 && typeof r[statusCol] === "string") r[statusCol] = statusText(r[statusCol] as string, lang, opts.family);
        rows.push(r);
      }
      documents++;
    }
    const progress = page.total === 1
      ? resultMsg("pulledPageOne", { page: page.currentPage, done: documents })
      : resultMsg("pulledPage", { page: page.currentPage, done: documents, total: page.total, records: resultMsg("recordsDocument") });
    opts.onProgress?.({ done: documents, total: page.total, message: render(progress, lang) });
  }
  throwIfCancelled(opts.signal);
  const label = FAMILY_INFO[opts.family].label;
  const name = opts.sheetName ?? (lang === "th" ? label.th : `${label.en}s`);
  return { name, documents, ...pruneColumns(opts.family, keys, rows, lang) };
}

export const documentPulling: Pulling = {
  table: (client, opts) => documentTable(client, opts as PullOptions<Family>),
  refresh: documentRefresh,
  failure: "pull",
};
