// A stored document as the PDF module's input: the answer the service gives for it and the
// company block (the document's own company header over the company's current information).
// Every route that prints a document (export, share link, e-mail) renders through documentPdf,
// so every one of them renders in the service's worker pool, within its time budget.
// The light parts of ../pdf only: its renderer (pdfkit, fonts) loads in the worker threads.
import { companyFromInfo, type CompanyInfo } from "../pdf/view";
import type { Culture } from "../pdf/labels";
import type { Version } from "../pdf/render";
import { PdfPool, type PdfPoolOptions } from "./pdf-pool";
import type { Family } from "../../rules/codes";
import type { Tx } from "../store/database";
import { documentAnswersById, type DocumentRow } from "../documents/repository";
import { cachedCompanyInfo } from "../masters/company";
import type { Json } from "../../rules/json";

export interface PrintableDocument {
  family: Family;
  doc: Json;
  company: ReturnType<typeof companyFromInfo>;
}

export async function printableDocument(tx: Tx, row: DocumentRow): Promise<PrintableDocument> {
  const [doc] = await documentAnswersById(tx, [row.id]);
  return { family: row.family as Family, doc, company: await printedCompany(tx, row.companyId, doc) };
}

/** The company block a document or certificate prints: its own company header over the company's
 * current information (blank header fields keep the company's). */
export async function printedCompany(tx: Tx, companyId: number, doc: Json): Promise<CompanyInfo> {
  const info = await cachedCompanyInfo(tx, companyId);
  const header = (doc.company ?? {}) as Json;
  const filled = Object.fromEntries(Object.entries(header).filter(([, v]) => typeof v === "string" && v.trim() !== ""));
  return companyFromInfo({ ...info, ...filled });
}

/** The culture to print in: the one asked for, else the document's, else Thai. */
export function cultureOf(asked: unknown, doc: Json): Culture {
  if (asked === "th" || asked === "en") return asked;
  return doc.culture === "en" ? "en" : "th";
}

/** The service's pool; its threads start with the first render. */
let pool = new PdfPool();

/** The service's settings for rendering (startService); a pool already running is closed. */
export function configurePdfRendering(opts: PdfPoolOptions): void {
  void pool.close();
  pool = new PdfPool(opts);
}

/** Stops the rendering threads (the service's close()). */
export const closePdfRendering = (): Promise<void> => pool.close();

export function documentPdf(p: PrintableDocument, culture: Culture, versions: Version[]): Promise<Buffer> {
  return pool.render({ family: p.family, doc: p.doc, company: p.company, culture, versions });
}

/** A withholding tax certificate (its answer) as the 50 ทวิ PDF, in the same pool and budget. */
export function certificatePdf(doc: Json, company: CompanyInfo, culture: Culture, versions: Version[], sequence?: number): Promise<Buffer> {
  return pool.render({ kind: "certificate", doc, company, culture, versions, sequence });
}

/** The PDF's file name: the serial, or the family and id when the serial is blank. */
export const pdfFileName = (p: PrintableDocument): string =>
  `${String(p.doc.documentSerial ?? "") || `${p.family}-${String(p.doc.recordId)}`}.pdf`.replace(/[^\w.-]+/g, "_");
