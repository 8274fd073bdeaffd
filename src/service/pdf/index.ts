// PDF export of a document: what the service core calls.
export { renderDocumentPdf, type PdfRenderInput, type Version } from "./render";
export { validateExportOptions, type ExportOptions, type ExportOptionsResult } from "./options";
export { companyFromInfo, documentView, type CompanyInfo, type DocumentRenderInput, type DocumentView } from "./view";
export type { Culture } from "./labels";
