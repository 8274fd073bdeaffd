// The worker side of the PDF pool (pdf-pool.ts): one render per task, in a worker thread so the
// service's event loop keeps answering while a PDF is laid out. The parsed fonts and the shaping
// cache live per thread and stay warm across the tasks a thread runs. A task is a document or a
// withholding tax certificate (kind "certificate").
import { renderDocumentPdf, type PdfRenderInput } from "../pdf/render"; // not ../pdf: no option schemas to load
import { renderCertificatePdf, type CertificateRenderInput } from "../pdf/certificate";

export type PdfTask = PdfRenderInput | CertificateRenderInput;

export default function render(input: PdfTask): Promise<Buffer> {
  return "kind" in input && input.kind === "certificate" ? renderCertificatePdf(input) : renderDocumentPdf(input as PdfRenderInput);
}
