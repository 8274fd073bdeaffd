// The body of POST {family}/{id}/export-pdf/base64: `{culture, document: {original, copy}, receipt}`
// (service-facts §3.9). Bad options answer a message; the core turns it into HTTP 400.
import { zodFindings } from "../../rules/checks";
import { ExportPdfSchema } from "../../rules/schemas";
import type { Culture } from "./labels";
import type { Version } from "./render";

export interface ExportOptions {
  /** Absent when the body does not say; the caller uses the document's or "th". */
  culture?: Culture;
  /** Sets of pages to print, in order. */
  versions: Version[];
}

export type ExportOptionsResult = { ok: true; options: ExportOptions } | { ok: false; message: string };

/** The pages printed when the body does not say: the original alone for documents. */
export interface VersionDefaults {
  original: boolean;
  copy: boolean;
}

export function validateExportOptions(raw: unknown, defaults: VersionDefaults = { original: true, copy: false }): ExportOptionsResult {
  const parsed = ExportPdfSchema.safeParse(raw === undefined ? {} : raw);
  if (!parsed.success) {
    return { ok: false, message: zodFindings(parsed.error.issues).map((f) => f.message).join("; ") };
  }
  const { culture, document } = parsed.data;
  // The original is printed unless the body turns it off; the copy only when asked for (a
  // certificate's defaults print both).
  const original = document?.original ?? defaults.original;
  const copy = document?.copy ?? defaults.copy;
  if (!original && !copy) return { ok: false, message: "document.original and document.copy cannot both be false" };
  const versions: Version[] = [...(original ? ["original" as const] : []), ...(copy ? ["copy" as const] : [])];
  return { ok: true, options: { culture: culture ?? undefined, versions } };
}
