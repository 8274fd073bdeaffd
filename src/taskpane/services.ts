// What the pane does, apart from showing it: connect, check, post, pull, act, templates. The pane
// gets these through PaneServices so the UI can be tested on its own and the jobs wired in one place.
import type { DocSheetClient } from "../api/client";
import { ENVIRONMENTS } from "../api/routes";
import type { JobContext } from "../jobs/types";
import type { Family } from "../rules/codes";
import type { CellFinding } from "../sheet/findings";
import type { Block, WorkbookPort } from "../workbook/port";

import type * as Engine from "./engine";

/**
 * The heavy part of the pane, fetched once on first use (and prefetched after the first paint).
 * The path is cast so tsc (nodenext) accepts it without an extension; webpack and jest see "./engine".
 */
export const loadEngine = (): Promise<typeof Engine> => import(/* webpackChunkName: "engine" */ "./engine" as string);

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

export interface PostView {
  created: number;
  skipped: number;
  failed: number;
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
  email?: string;
  upgradeTo?: Family;
  file?: { name: string; bytes: Uint8Array };
}

export interface ActView {
  ok: number;
  failed: number;
  /** Links (share) or file names (PDF) the pane can offer. */
  links: string[];
}

export interface PaneServices {
  readonly port: WorkbookPort;
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
  return relayBase ? `${relayBase.replace(/\/+$/, "")}/${form.environment}` : ENVIRONMENTS[form.environment];
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
}

export function createServices(opts: ServiceOptions): PaneServices {
  let client: DocSheetClient | null = null;
  return {
    port: opts.port,
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
      const { checkJob } = await loadEngine();
      const recording = recordingPort(opts.port);
      const outcome = await checkJob(recording.port, { family, mark: true, ...ctx });
      const block = recording.last();
      return { sheet: outcome.sheet, documents: outcome.documents, findings: outcome.findings, summaries: block ? await summarize(block, family) : [] };
    },
    post: null,
    pull: null,
    act: null,
    async insertTemplate(family) {
      const { template } = await loadEngine();
      const tpl = template(family, today());
      return opts.port.addTableSheet(tpl.sheetName, tpl.columns, tpl.rows);
    },
  };
}
