// What the pane does, apart from showing it: connect, check, post, pull, act, templates. The pane
// gets these through PaneServices so the UI can be tested on its own and the jobs wired in one place.
import type { DocSheetClient } from "../api/client";
import type { JobContext } from "../jobs/types";
import type { Family } from "../rules/codes";
import type { CellFinding } from "../sheet/findings";
import type { Block, CellMark, WorkbookPort } from "../workbook/port";

import type * as Engine from "./engine";

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

export type Environment = "local" | "sandbox" | "production" | "custom";
export const ENVIRONMENT_NAMES: readonly Environment[] = ["local", "sandbox", "production", "custom"];

export interface ConnectionForm {
  environment: Environment;
  customRoot: string;
  clientId: string;
  clientSecret: string;
}

export interface DocumentSummary {
  key: string;
  /** Sheet row (0-based) of the document's first row. */
  row: number;
  vatAmount: string;
  grandTotal: string;
}

export interface CheckView {
  sheet: string;
  documents: number;
  findings: CellFinding[];
  summaries: DocumentSummary[];
}

/** The counts of a post, in the words the CLI uses too. */
export interface PostView {
  created: number;
  /** Created by an earlier, interrupted run and found by their marker. */
  found: number;
  /** Rows that already had a recordId. */
  skipped: number;
  /** Not sent: problems in the rows, or cancelled. */
  notSent: number;
  failed: number;
  /** The answer was lost and the document could not be looked up: post again to resolve. */
  unknown: number;
  /** Problems found before sending, marked on the sheet. */
  findings: number;
}

export interface PullQuery {
  range?: string;
  startDate?: string;
  endDate?: string;
  search?: string;
  perLine: boolean;
}

export interface PullView {
  sheet: string;
  rows: number;
}

export type ActionKind = "status" | "delete" | "payment" | "upgrade" | "pdf" | "email" | "share" | "attach";
export const ACTION_KINDS: readonly ActionKind[] = ["status", "delete", "payment", "upgrade", "pdf", "email", "share", "attach"];

export interface ActionRequest {
  kind: ActionKind;
  status?: string;
  /** E-mail: the sender (required by the service) and an optional recipient for every row. */
  from?: string;
  email?: string;
  upgradeTo?: Family;
  file?: { name: string; bytes: Uint8Array };
}

/** Which rows the user selected, and the block (table or region) that holds them with its header. */
export interface SelectionInfo {
  sheet: string;
  rows: number[];
  /** A1 range of the block to read; undefined: the host's default. */
  region?: string;
}

export interface ActView {
  ok: number;
  /** Nothing to do (already upgraded). */
  skipped: number;
  failed: number;
  /** Links (share) or file names (PDF) the pane can offer. */
  links: string[];
}

/** The actions the act job does (attach goes through it too, see attach.ts). */
export const JOB_ACTIONS: readonly ActionKind[] = ["status", "delete", "payment", "upgrade", "pdf", "email", "share", "attach"];

export interface PaneServices {
  readonly port: WorkbookPort;
  /** Actions this build can run. */
  readonly actionKinds: readonly ActionKind[];
  connect(form: ConnectionForm): Promise<string>;
  disconnect(): void;
  isConnected(): boolean;
  check(family: Family, ctx: JobContext): Promise<CheckView>;
  /** Null until the job exists in this build. */
  post: ((family: Family, ctx: JobContext) => Promise<PostView>) | null;
  pull: ((family: Family, query: PullQuery, ctx: JobContext) => Promise<PullView>) | null;
  act: ((family: Family, request: ActionRequest, ctx: JobContext) => Promise<ActView>) | null;
  insertTemplate: ((family: Family) => Promise<string>) | null;
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

/** Remembers the last block read, so the pane can total the documents the job just checked. */
function recordingPort(port: WorkbookPort): { port: WorkbookPort; last: () => Block | undefined } {
  let last: Block | undefined;
  const wrapped: WorkbookPort = Object.create(port) as WorkbookPort;
  wrapped.read = async (target) => (last = await port.read(target));
  return { port: wrapped, last: () => last };
}

export function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

export async function summarize(block: Block, family: Family): Promise<DocumentSummary[]> {
  const { checkSheet, readDocuments } = await loadEngine();
  const { documents } = checkSheet(readDocuments(block), family, today());
  return documents.map(({ doc, built }) => ({
    key: doc.key,
    row: doc.firstRow,
    vatAmount: String(built.body.vatAmount ?? ""),
    grandTotal: String(built.body.grandTotal ?? ""),
  }));
}

export interface ServiceOptions {
  port: WorkbookPort;
  /** Base of the relay on the pane's own origin, e.g. "https://localhost:3000/relay"; null to call roots directly. */
  relayBase: string | null;
  fetch?: typeof fetch;
  /** The selected rows for actions; without it actions apply to every document of the sheet. */
  selection?: () => Promise<SelectionInfo | null>;
  /** Hands a PDF to the user (a download in a browser); answers the name written in the sheet. */
  savePdf?: (fileName: string, base64: string) => Promise<string>;
}

/** A download link for a PDF, in the browser. */
export function browserPdf(links: string[]): (fileName: string, base64: string) => Promise<string> {
  return async (fileName, base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const url = URL.createObjectURL(new Blob([bytes], { type: "application/pdf" }));
    links.push(url);
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

export function createServices(opts: ServiceOptions): PaneServices {
  let client: DocSheetClient | null = null;
  return {
    port: opts.port,
    actionKinds: JOB_ACTIONS,
    async connect(form) {
      const { createClient } = await loadEngine();
      const c = createClient({ root: serviceRoot(form, opts.relayBase), clientId: form.clientId.trim(), clientSecret: form.clientSecret, fetch: opts.fetch, maxRetries: 1, timeoutMs: 20_000 });
      const company = await c.testConnection();
      client = c; // kept in memory only: the token lives inside it
      return company;
    },
    disconnect() {
      client = null;
    },
    isConnected: () => client !== null,
    async check(family, ctx) {
      const { checkJob, writeUnplaced } = await loadEngine();
      const recording = recordingPort(opts.port);
      const outcome = await checkJob(recording.port, { family, mark: true, ...ctx });
      const block = recording.last();
      // The Excel port hands back messages it could not put in a note or comment (old Excel).
      const unplaced = (recording.port as { lastMark?: { unplaced: CellMark[] } }).lastMark?.unplaced ?? [];
      if (block && unplaced.length > 0) await writeUnplaced(opts.port, block.sheet, block, unplaced);
      return { sheet: outcome.sheet, documents: outcome.documents, findings: outcome.findings, summaries: block ? await summarize(block, family) : [] };
    },
    async post(family, ctx) {
      const { postJob } = await loadEngine();
      const outcome = await postJob(opts.port, requireClient(client), { family, ...ctx });
      if (outcome.findings.length > 0) {
        await opts.port.clearMarks(outcome.sheet);
        await opts.port.mark(outcome.sheet, outcome.findings.map((f) => ({ row: f.row, col: f.col, message: f.message })));
      }
      const c = outcome.counts;
      return { created: c.created, found: c.found, skipped: c.skipped, notSent: c.invalid + c.cancelled, failed: c.failed, unknown: c.unknown, findings: outcome.findings.length };
    },
    async pull(family, query, ctx) {
      const { pullJob } = await loadEngine();
      const outcome = await pullJob(opts.port, requireClient(client), {
        family, lines: query.perLine, ...ctx,
        query: { range: query.range, startDate: query.startDate, endDate: query.endDate, searchString: query.search },
      });
      return { sheet: outcome.sheet, rows: outcome.rows };
    },
    async act(family, request, ctx) {
      const { actJob, attachToRows } = await loadEngine();
      const links: string[] = [];
      if (request.kind === "attach") {
        if (!request.file) throw new Error("no file chosen");
        const sel = opts.selection ? await opts.selection() : null;
        const done = await attachToRows(opts.port, requireClient(client), {
          family, file: request.file, target: sel ? { sheet: sel.sheet, range: sel.region } : undefined, rows: sel?.rows, ...ctx,
        });
        return { ...done, links };
      }
      const action = toJobAction(request, opts.savePdf ?? browserPdf(links));
      if (!action) throw new Error(`${request.kind}: not available in this version yet`);
      const selection = opts.selection ? await opts.selection() : null;
      const outcome = await actJob(opts.port, requireClient(client), {
        family, action, ...ctx,
        target: selection ? { sheet: selection.sheet, range: selection.region } : undefined,
        rows: selection?.rows,
      });
      return { ok: outcome.done, skipped: outcome.skipped, failed: outcome.failed, links };
    },
    async insertTemplate(family) {
      const { template } = await loadEngine();
      const tpl = template(family, today());
      return opts.port.addTableSheet(tpl.sheetName, tpl.columns, tpl.rows);
    },
  };
}

type JobAction = Parameters<typeof Engine.actJob>[2]["action"];

/** The pane's action form → the act job's action; null for what the job does not do yet. */
export function toJobAction(request: ActionRequest, savePdf: (fileName: string, base64: string) => Promise<string>): JobAction | null {
  switch (request.kind) {
    case "status": return { kind: "status", statusId: request.status };
    case "delete": return { kind: "delete" };
    case "payment": return { kind: "payment" };
    case "pdf": return { kind: "exportPdf", save: savePdf };
    case "email": return { kind: "email", fromEmail: request.from || undefined, toEmail: request.email || undefined };
    case "share": return { kind: "share" };
    case "upgrade": return request.upgradeTo ? { kind: "upgrade", to: request.upgradeTo } : null;
    default: return null;
  }
}
