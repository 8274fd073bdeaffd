// POST {family}/{id}/export-pdf/base64: the document as a PDF, answered as a base64 string in
// `data` (service-facts §3.9). The body must be JSON ({} at least): another content type is
// refused with HTTP 415 as the real service does; bad options answer HTTP 400 with the reason.
import { DOCUMENT_ROUTES, type Route } from "../../api/routes";
import { FAMILIES, FAMILY_INFO, VALIDATION_ERROR_CODE } from "../../rules/codes";
import { validateExportOptions, type ExportOptions, type VersionDefaults } from "../pdf/options"; // not ../pdf: the renderer loads in the worker threads
import { ExportPdfSchema } from "../../rules/schemas";
import { companyOf, type Api, type Ctx, type ServiceContext } from "../http/context";
import { mount } from "../http/mount";
import { ok, ServiceError } from "../envelope";
import { idParam, readJson } from "../http/validate";
import { loadDocument } from "../documents/lifecycle";
import { cultureOf, documentPdf, printableDocument } from "../exports/document-pdf";

export const JSON_REQUIRED = "Send the export options as JSON (Content-Type: application/json), {} at least";

/** HTTP 415 unless the request says its body is JSON. */
export function requireJsonBody(c: Ctx): void {
  const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json" && !type.endsWith("+json")) throw new ServiceError(415, JSON_REQUIRED, 415);
}

/** The export error: HTTP 400, the envelope with the reason as message and validation error. */
const exportError = (message: string): ServiceError =>
  new ServiceError(400, `PDF export failed: ${message}`, VALIDATION_ERROR_CODE, { validationErrors: [message] });

/** The export's options from a JSON body: 415 when the body is not JSON, 400 when they are bad. */
export async function exportOptionsOf(c: Ctx, defaults?: VersionDefaults): Promise<ExportOptions> {
  requireJsonBody(c);
  const raw = await readJson(c).catch((e: unknown) => {
    throw e instanceof ServiceError ? exportError(e.message) : e;
  });
  const options = validateExportOptions(raw, defaults);
  if (!options.ok) throw exportError(options.message);
  return options.options;
}

export function registerExportPdfRoutes(api: Api, ctx: ServiceContext): void {
  const db = ctx.store.db;
  for (const family of FAMILIES) {
    mount(api, DOCUMENT_ROUTES[family].exportPdf as Route, async (c) => {
      const id = idParam(c);
      const options = await exportOptionsOf(c);
      const row = await loadDocument(db, companyOf(c), family, id);
      const printable = await printableDocument(db, row);
      const pdf = await documentPdf(printable, cultureOf(options.culture, printable.doc), options.versions);
      return c.json(ok(pdf.toString("base64")));
    }, { summary: "Export the document as a PDF (base64)", tags: [FAMILY_INFO[family].label.en], body: ExportPdfSchema });
  }
}
