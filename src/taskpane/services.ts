// What the pane does, apart from showing it: connect, check, post, pull, act, templates. The pane
// gets these through PaneServices so the UI can be tested on its own and the jobs wired in one place.
import type { FetchLike } from "../api/transport";
import { relayFetch } from "./relay-fetch";
import type { DocSheetClient } from "../api/client";
import type { DocumentFamily, SheetFamily } from "../rules/codes";
import { ACT_ORDER, familyCard, type PullFilter } from "../families/cards";
import type { ColumnMapping } from "../sheet/mapping";
import type { Block, ReadTarget, WorkbookPort } from "../workbook/port";
import type { ResultKey } from "../sheet/writeback";
import { readChannels, type ChannelLists } from "./channels";
import { SavedMappings, mappingKey, mappingOf, mappingView } from "./mappings";
import { actNotes, postNotes, resultColumn } from "./rows";
import { pullListOrder } from "./pull-order";
import { localDate, type JobContext } from "../jobs/types";
import {
  type ActionRequest, type CheckView, type CompanyView, type ConnectionForm, type PaneServices, type PaymentRequest,
  type ActLink, type SelectedDocument, type SelectionInfo,
} from "./views";

import type * as Engine from "./engine";
import { connectFunctions, refreshFigures } from "../functions/connection";

declare const __webpack_require__: unknown;

/**
 * The heavy part of the pane, fetched once on first use (and prefetched after the first paint).
 * Under webpack the branch is decided at build time, so `require` never reaches the bundle; under
 * jest (CommonJS, no dynamic import) the engine is simply required. The path is cast so tsc
 * (nodenext) accepts it without an extension.
 */
export function loadEngine(): Promise<typeof Engine> {
  if (typeof __webpack_require__ === "function") return import(/* webpackChunkName: "engine" */ "./engine" as string);
  return Promise.resolve(require("./engine") as typeof Engine);
}


/**
 * The root the client talks to. Named environments go through the relay served with the add-in
 * (same origin: no CORS needed); a custom root is called directly and must allow the pane's origin.
 */
export function serviceRoot(form: Pick<ConnectionForm, "environment" | "customRoot">, relayBase: string | null): string {
  if (form.environment === "custom") return form.customRoot.trim().replace(/\/+$/, "");
  // Without a relay the environment's name is the root: the client knows the three roots.
  return relayBase ? `${relayBase.replace(/\/+$/, "")}/${form.environment}` : form.environment;
}

/** A custom root must be a full URL: https, or http on this computer. */
export function validRoot(root: string): boolean {
  try {
    const url = new URL(root);
    return url.protocol === "https:" || (url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname));
  } catch {
    return false;
  }
}

/** The port with one block already read: a job reads it from here, so the sheet is read once for
 * both its saved mapping and the job. Everything else goes to the port. */
function blockPort(port: WorkbookPort, block: Block): WorkbookPort {
  const wrapped: WorkbookPort = Object.create(port) as WorkbookPort;
  wrapped.read = async () => block;
  return wrapped;
}

/** The port, with the records and the sheet's id the read brought along (Block.along) answered
 * from the block: for a job that writes no records (check), until it saves one. */
function recordsPort(port: WorkbookPort, block: Block): WorkbookPort {
  const along = block.along;
  if (!along?.records) return port;
  let records: ReadonlyMap<string, string> | null = along.records;
  const wrapped: WorkbookPort = Object.create(port) as WorkbookPort;
  wrapped.loadRecord = async (key) => (records ? records.get(key) ?? null : port.loadRecord(key));
  wrapped.saveRecord = async (key, value) => {
    records = null;
    await port.saveRecord(key, value);
  };
  wrapped.sheetId = async (name) => (name === block.sheet ? along.sheetId : port.sheetId ? port.sheetId(name) : null);
  return wrapped;
}

/** The user's today, YYYY-MM-DD in local time. */
export const today = (): string => localDate(new Date());

export interface ServiceOptions {
  port: WorkbookPort;
  /** Base of the relay on the pane's own origin, e.g. "https://localhost:3000/relay"; null to call roots directly. */
  relayBase: string | null;
  fetch?: FetchLike;
  /** The selected rows for actions; without it actions apply to every document of the sheet. */
  selection?: () => Promise<SelectionInfo | null>;
  /** Hands a PDF to the user (a download in a browser); answers the name written in the sheet. */
  savePdf?: (fileName: string, base64: string) => Promise<string>;
  /** Calls the listener when the selection or the active sheet changes; answers how to stop. */
  watchSelection?: (listener: () => void) => () => void;
  /** The host's word of the active sheet changing (PaneServices.watchSheet). */
  watchSheet?: (listener: (sheet: string) => void) => () => void;
}

/** A download link for a PDF, in the browser. */
export function browserPdf(links: ActLink[]): (fileName: string, base64: string) => Promise<string> {
  return async (fileName, base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const url = URL.createObjectURL(new Blob([bytes], { type: "application/pdf" }));
    links.push({ kind: "pdf", url, name: fileName });
    const a = document.createElement("a");
    a.href = url;
    a.download = fileName;
    a.click();
    return fileName;
  };
}

function requireClient(client: DocSheetClient | null): DocSheetClient {
  if (!client) throw new NotConnectedError();
  return client;
}

export class NotConnectedError extends Error {
  constructor() {
    super("not connected");
    this.name = "NotConnectedError";
  }
}

/** The selection holds other documents than the form showed (or the delete prompt named): refused. */
export class SelectionChangedError extends Error {
  constructor(readonly deleting = false) {
    super("the selected documents changed");
    this.name = "SelectionChangedError";
  }
}

/** Update's Send found other rows than its preview read (another sheet, another range, edited rows):
 * nothing was sent. */
export class PreviewChangedError extends Error {
  constructor(readonly previewed: string | undefined, readonly sheet: string) {
    super(`the rows changed since the preview (previewed on ${previewed ?? "nothing"}, now on ${sheet})`);
    this.name = "PreviewChangedError";
  }
}

/** Creates the pane has in flight at once. Eight, not the command line's four: over the relay's
 * socket no browser limit of six connections a host holds them back, and the service writes
 * creates that arrive together in one commit (measured 6.2 -> 5.5 ms of the embedded service's CPU
 * a document). */
const PANE_POST_CONCURRENCY = 8;

export function createServices(opts: ServiceOptions): PaneServices {
  let client: DocSheetClient | null = null;
  let company: CompanyView | null = null;
  let channels: Promise<ChannelLists> | null = null;
  const mappings = new SavedMappings(opts.port);
  // The active sheet: told by the host (the preview), else read again when the selection moves
  // (Excel's selection-changed and sheet-activated events).
  const { selection, watchSelection } = opts;
  const watchSheet = opts.watchSheet ?? (selection && watchSelection
    ? (listener: (sheet: string) => void) => watchSelection(() => void selection().then((s) => { if (s) listener(s.sheet); }, () => undefined))
    : undefined);
  // Through the relay, requests share one socket to it (relay-fetch.ts); one per pane, kept across connections.
  const send = opts.fetch ?? (opts.relayBase ? relayFetch(opts.relayBase) : undefined);

  /** Reads the block once and finds the mapping saved for its sheet and the family (read with the
   * block, and the workbook's records too when `records`: Excel then spends no sync on them). */
  async function prepare(family: SheetFamily, target?: ReadTarget, records = false): Promise<{ block: Block; mapping?: ColumnMapping; port: WorkbookPort }> {
    const engine = await loadEngine();
    const block = await opts.port.read({ ...target, along: { records, settings: (sheet) => [mappingKey(family, sheet)] } });
    const mapping = (await mappings.get(engine, block.sheet, family, block.along?.settings)) ?? undefined;
    return { block, mapping, port: blockPort(opts.port, block) };
  }

  /** One check for every family: the check job, connected reading the sheet as the post will (an
   * expense's category by name, a book's chart), each record's figures where its family has them. */
  async function checkAny(family: SheetFamily, ctx: JobContext): Promise<CheckView> {
    const { checkJob, rememberedSheetFamily, writeUnplaced } = await loadEngine();
    const { block, mapping, port } = await prepare(family, undefined, true);
    const outcome = await checkJob(port, { family, mark: true, mapping, client, figures: true, ...ctx });
    const remembered = await rememberedSheetFamily(recordsPort(opts.port, block), block.sheet);
    // The Excel port hands back messages it could not put in a note or comment (old Excel).
    const unplaced = port.lastMark?.unplaced ?? [];
    if (unplaced.length > 0) await writeUnplaced(opts.port, block.sheet, block, unplaced, mapping);
    return {
      sheet: outcome.sheet, documents: outcome.documents, findings: outcome.findings, summaries: outcome.figures ?? [],
      ...(remembered && remembered !== family ? { otherFamily: { remembered, checked: family } } : {}),
    };
  }

  /** The block of the selected rows (the table or region that holds them), or the default read. */
  async function selected(): Promise<{ target?: ReadTarget; rows?: number[] }> {
    const selection = opts.selection ? await opts.selection() : null;
    return selection ? { target: { sheet: selection.sheet, range: selection.region }, rows: selection.rows } : {};
  }

  async function documentsOf(family: DocumentFamily, block: Block, mapping: ColumnMapping | undefined, rows?: readonly number[]): Promise<SelectedDocument[]> {
    const { readDocuments, familyEntry } = await loadEngine();
    const wanted = rows ? new Set(rows) : undefined;
    return readDocuments(block, { mapping, table: familyEntry(family).fields }).documents
      .filter((d) => d.fields.recordId && (!wanted || d.rows.some((r) => wanted.has(r))))
      .map((d) => {
        const recordId = Number(d.fields.recordId.value);
        const serial = d.fields.documentSerial?.value;
        return { sheet: block.sheet, key: d.key, row: d.firstRow, recordId, serial: serial === undefined || serial === null || serial === "" ? `#${recordId}` : String(serial) };
      });
  }

  /** The company the workbook was last bound to (the pane and the worksheet functions check it). */
  async function workbookCompany(): Promise<{ id?: number; name: string; taxId?: string } | null> {
    const { lastCompany } = await loadEngine();
    const c = await lastCompany(opts.port);
    return c ? { id: c.id, name: c.name, taxId: c.taxId } : null;
  }

  async function selectedOf(family: DocumentFamily): Promise<SelectedDocument[]> {
    const { target, rows } = await selected();
    const { block, mapping } = await prepare(family, target);
    return documentsOf(family, block, mapping, rows);
  }

  return {
    port: opts.port,
    ...(watchSheet ? { watchSheet } : {}),
    actionKinds: ACT_ORDER,
    async connect(form) {
      const { connectedCompany, createClient } = await loadEngine();
      // Nothing of the previous connection is kept: its client, its company, what was read with it.
      client = null;
      company = null;
      channels = null;
      const c = createClient({ root: serviceRoot(form, opts.relayBase), clientId: form.clientId.trim(), clientSecret: form.clientSecret, fetch: send, maxRetries: 1, timeoutMs: 20_000 });
      // The company read once here is the one every job of this connection checks sheets against.
      const stamp = await connectedCompany(c);
      client = c; // kept in memory only: the token lives inside it
      company = { id: stamp.id, name: stamp.name, taxId: stamp.taxId };
      // The worksheet functions (same page: a shared runtime) read through this connection too.
      connectFunctions({ client: c, bound: workbookCompany });
      return stamp.name;
    },
    disconnect() {
      connectFunctions(null);
      client = null;
      company = null;
      channels = null;
    },
    isConnected: () => client !== null,
    company: () => company,
    workbookCompany,
    check: checkAny,
    async post(family, ctx) {
      const engine = await loadEngine();
      const { block, mapping, port } = await prepare(family);
      // One post job for every family: what differs is the family's posting (families/postings.ts).
      const outcome = await engine.postJob(port, requireClient(client), { family, mapping, concurrency: PANE_POST_CONCURRENCY, ...ctx });
      if (outcome.findings.length > 0) {
        await opts.port.remark(outcome.sheet, engine.findingMarks(outcome.findings, ctx.lang ?? "en"));
      }
      const c = outcome.counts;
      const entry = engine.familyEntry(family);
      const rows = postNotes(outcome.results, resultColumn(engine, block, mapping, entry.columns.post as readonly ResultKey[], entry.fields));
      return {
        created: c.created, found: c.found, existing: c.existing, repeated: c.repeated, skipped: c.skipped, notSent: c.invalid + c.cancelled, failed: c.failed, unknown: c.unknown,
        findings: outcome.findings.filter((f) => f.severity === "error").length,
        warnings: outcome.findings.filter((f) => f.severity === "warning").length, marked: outcome.findings, sheet: outcome.sheet, rows,
      };
    },
    async undo(family, ctx) {
      const engine = await loadEngine();
      const c = requireClient(client);
      // The post's own sheet, read with the mapping saved for it; one undo job for every family.
      const sheet = await engine.undoRunSheet(opts.port, family);
      const mapping = sheet ? (await mappings.get(engine, sheet, family)) ?? undefined : undefined;
      const outcome = await engine.undoJob(opts.port, c, { family, mapping, ...ctx });
      const rows = outcome.results
        .filter((r) => r.rows.length > 0) // a document whose row left the sheet has no cell to point at
        .map((r) => ({ key: r.key, row: Math.min(...r.rows), col: outcome.resultColumn, message: r.message }))
        .sort((a, b) => a.row - b.row);
      return { dryRun: outcome.dryRun, postedAt: outcome.postedAt, counts: outcome.counts, sheet: outcome.sheet, rows, contacts: outcome.contactsMessage };
    },
    async pull(family, query, ctx) {
      const { pullJob } = await loadEngine();
      // The filters the family takes (its card's), whatever the form held for another family.
      const takes = (filter: PullFilter): boolean => familyCard(family).pulls.includes(filter);
      const outcome = await pullJob(opts.port, requireClient(client), {
        family, lines: takes("lines") && query.perLine, ...ctx,
        query: {
          ...(takes("range") ? { range: query.range } : {}),
          ...(takes("dates") ? { startDate: query.startDate, endDate: query.endDate } : {}),
          ...(takes("search") ? { searchString: query.search } : {}),
          ...(takes("order") ? pullListOrder(query) : {}),
        },
      });
      return { sheet: outcome.sheet, rows: outcome.rows };
    },
    async refresh(selectedOnly, ctx) {
      const { refreshJob } = await loadEngine();
      const selection = opts.selection ? await opts.selection() : null;
      const out = await refreshJob(opts.port, requireClient(client), { ...ctx, sheet: selection?.sheet, rows: selectedOnly ? selection?.rows ?? [] : undefined });
      const rows = out.results
        .filter((r) => r.kind !== "unchanged" && r.kind !== "added" && r.kind !== "refreshed" && out.resultColumn !== undefined)
        .map((r) => ({ key: r.key, name: r.name, row: Math.min(...r.rows), col: out.resultColumn!, message: r.message }))
        .sort((a, b) => a.row - b.row);
      return { sheet: out.sheet, family: out.family, counts: out.counts, rows };
    },
    async whtReport(month, missing, ctx, layout = "") {
      const { formatMoney, whtReportJob, whtTexts, rdPrepWht, parseRdLayout, RD_FILE_NAMES, FORM_NAME } = await loadEngine();
      // The firm's RD Prep layout, read before anything is written.
      const { layouts, problems } = parseRdLayout(layout);
      if (problems[0]) return { sheets: [], lines: [], counts: { voided: 0, missing: 0 }, findings: [], files: [], layoutProblem: problems[0] };
      const out = await whtReportJob(opts.port, requireClient(client), { month, missing, ...ctx });
      const texts = whtTexts(ctx.lang ?? "en");
      const r = out.report;
      const forms = out.forms;
      return {
        sheets: [...forms.map((f) => out.sheets.forms[f]!), out.sheets.void, ...(out.sheets.missing ? [out.sheets.missing] : []), out.sheets.return],
        lines: forms.map((f): [string, number, string] => [FORM_NAME[f][ctx.lang ?? "en"], r.figures[f].certificates, formatMoney(r.figures[f].tax)]),
        counts: { voided: new Set(r.voided.map((l) => l.recordId)).size, missing: r.missing.length },
        findings: out.findings.map((x) => texts.finding(x)),
        files: forms.map((f) => ({ name: RD_FILE_NAMES[f](month), text: rdPrepWht(r, f, layouts) })),
      };
    },
    async vatReport(month, ctx) {
      const { formatMoney, pp30File, vatReportJob, vatTexts, PP30_FILE_NAME } = await loadEngine();
      const c = requireClient(client);
      const out = await vatReportJob(opts.port, c, { month, ...ctx });
      const pp30 = await pp30File(c, out.report, ctx.signal);
      const texts = vatTexts(ctx.lang ?? "en");
      const f = out.report.figures;
      return {
        sheets: [out.sheets.output, out.sheets.input, out.sheets.void, out.sheets.summary],
        lines: [
          [texts.summary[1], formatMoney(f.output.vat)],
          [texts.summary[3], formatMoney(f.input.vat)],
          out.net.isNegative() ? [texts.summary[5], formatMoney(out.net.abs())] : [texts.summary[4], formatMoney(out.net)],
          // Sales and purchases at 0% and exempt (the return's lines 7-10), where the month has any.
          ...([[6, f.output.zero], [7, f.output.exempt], [8, f.input.zero], [9, f.input.exempt]] as const)
            .filter(([, amount]) => !amount.isZero())
            .map(([line, amount]): [string, string] => [texts.summary[line], formatMoney(amount)]),
        ],
        counts: { output: out.report.output.length, input: out.report.input.length, voided: out.report.voided.length },
        findings: out.findings.map((x) => texts.finding(x)),
        files: [{ name: PP30_FILE_NAME(month), text: pp30 }],
      };
    },
    async act(family, request, ctx) {
      const engine = await loadEngine();
      const links: ActLink[] = [];
      if (request.kind === "attach" && !request.file) throw new Error("no file chosen");
      const action = toJobAction(request, opts.savePdf ?? browserPdf(links));
      if (!action) throw new Error(`${request.kind}: not available in this version yet`);
      const c = requireClient(client);
      const { target, rows } = await selected();
      const { block, mapping, port } = await prepare(family, target);
      if (request.expect) {
        // Exactly the documents the form showed (the user confirmed), on its sheet, or none.
        const now = (await documentsOf(family, block, mapping, rows)).map((d) => d.recordId).sort((a, b) => a - b);
        const moved = request.expectSheet !== undefined && request.expectSheet !== block.sheet;
        if (moved || now.join() !== [...request.expect].sort((a, b) => a - b).join()) throw new SelectionChangedError(request.kind === "delete");
      }
      const outcome = await engine.actJob(port, c, { family, action, mapping, target, rows, ...ctx });
      const notes = actNotes(outcome.results, resultColumn(engine, block, mapping, ["status", "result"], tableOf(engine, family)));
      // Share links are in the sheet, and offered in the pane too, named by their document.
      for (const r of outcome.results) if ("link" in r && r.link) links.push({ kind: "share", url: r.link, name: r.key, row: Math.min(...r.rows) });
      return { ok: outcome.done, skipped: outcome.skipped, failed: outcome.failed, links, sheet: outcome.sheet, rows: notes };
    },
    async update(family, dryRun, ctx, previewed) {
      const engine = await loadEngine();
      const c = requireClient(client);
      const { target } = await selected();
      const { block, mapping, port } = await prepare(family, target);
      const table = tableOf(engine, family);
      // Send runs on what its preview showed, or on nothing: another sheet, other or edited rows ask
      // for a new preview. Every column that names one of the family's fields counts.
      const fields = engine.mapHeaders(block.sheet, block.top, block.left, block.values[0] ?? [], mapping, undefined, block.values.slice(1), table).byColumn;
      const digest = engine.blockDigest(block, [...fields.keys()]);
      if (!dryRun && (!previewed || previewed.family !== family || previewed.sheet !== block.sheet || previewed.digest !== digest)) throw new PreviewChangedError(previewed?.sheet, block.sheet);
      // The family's card says whether it updates (the pane offers Update only then).
      const outcome = await engine.updateJob(port, c, { family, mapping, target, dryRun, ...ctx });
      const col = resultColumn(engine, block, mapping, ["status", "result", "fingerprint"], table);
      const documents = outcome.results.map((r) => ({ key: r.key, name: r.name, row: Math.min(...r.rows), kind: r.kind, changes: r.changes, message: r.message, unchecked: r.unchecked }));
      const notSent = documents.filter((d) => !["update", "updated", "unchanged"].includes(d.kind));
      const rows = notSent.map((d) => ({ key: d.key, name: d.name, row: d.row, col, message: d.message }));
      return {
        dryRun, counts: outcome.counts, documents, sheet: outcome.sheet, rows, ...(outcome.findings?.length ? { marked: outcome.findings } : {}),
        ...(dryRun ? { previewed: { family, sheet: block.sheet, digest } } : {}),
      };
    },
    async readMapping(family) {
      const engine = await loadEngine();
      const block = await opts.port.read();
      return mappingView(engine, block, family, await mappings.get(engine, block.sheet, family));
    },
    async saveMapping(sheet, family, columns, values) {
      const engine = await loadEngine();
      await mappings.set(sheet, family, columns ? mappingOf(engine, family, columns, values) : null);
    },
    selectedDocuments: selectedOf,
    async shown(family, ctx) {
      const { shownDocuments } = await loadEngine();
      const { target, rows } = await selected();
      const { block, mapping, port } = await prepare(family, target);
      const out = await shownDocuments(port, client, { family, target, rows, mapping, lang: ctx.lang, signal: ctx.signal });
      const documents = out.documents.map((d) => ({ ...d, sheet: block.sheet }));
      if (!out.one) return { sheet: out.sheet, documents };
      const { copy, due, mismatch } = out.one;
      const one = {
        serial: copy.documentSerial || `#${copy.recordId}`, customer: String(copy.contactName ?? ""), grandTotal: String(copy.grandTotal ?? ""),
        ...(mismatch ? { mismatch } : {}),
        ...(due ? { owing: { stillDue: due.grandTotal.toFixed(2), beforeVat: due.beforeVat.toFixed(2), perLineVat: due.perLineVat, receipts: [...(due.receipts ?? [])], paid: due.paid !== undefined } } : {}),
      };
      return { sheet: out.sheet, documents, one };
    },
    watchSelection(listener) {
      return opts.watchSelection ? opts.watchSelection(listener) : () => undefined;
    },
    paymentChannels(signal) {
      const c = requireClient(client);
      // Read once per connection; a failed read is tried again next time.
      channels ??= readChannels(c, signal).catch((err: unknown) => {
        channels = null;
        throw err;
      });
      return channels;
    },
    async insertTemplate(family, ctx) {
      const { templateJob } = await loadEngine();
      return templateJob(opts.port, { family, client: client ?? undefined, ...ctx });
    },
    async refreshFigures() {
      refreshFigures();
      if (!opts.port.recalculate) return { recalculated: false };
      await opts.port.recalculate();
      return { recalculated: true };
    },
    async refreshLists(ctx) {
      const { refreshListsJob } = await loadEngine();
      return refreshListsJob(opts.port, requireClient(client), { lang: ctx.lang, signal: ctx.signal });
    },
  };
}

type JobAction = Parameters<typeof Engine.actJob>[2]["action"];

/** The field table a family's sheet is read with (certificates and books have their own labels). */
const tableOf = (engine: typeof Engine, family: SheetFamily) => engine.familyEntry(family).fields;

/** The pane's action form → the act job's action; null for what the job does not do yet. */
export function toJobAction(request: ActionRequest, savePdf: (fileName: string, base64: string) => Promise<string>): JobAction | null {
  switch (request.kind) {
    case "status": return { kind: "status", statusId: request.status };
    case "delete": return { kind: "delete" };
    case "payment": return request.payment ? { kind: "payment", ...paymentAction(request.payment) } : { kind: "payment" };
    case "pdf": return { kind: "exportPdf", save: savePdf };
    case "email": return { kind: "email", fromEmail: request.from || undefined, toEmail: request.email || undefined };
    case "share": return { kind: "share" };
    case "upgrade": return request.upgradeTo ? { kind: "upgrade", to: request.upgradeTo } : null;
    case "attach": return request.file ? { kind: "attach", file: request.file } : null;
    default: return null;
  }
}

/** The payment form's values for rows whose own payment columns do not give them. */
function paymentAction(p: PaymentRequest): { paymentMethod: number; paymentDate: string; fields: Record<string, string | number> } {
  const amount = p.amount?.replace(/,/g, "").trim();
  return { paymentMethod: p.method, paymentDate: p.date, fields: { ...p.fields, ...(amount ? { collected: amount } : {}) } };
}
