// The worker side of the PDF pool (pdf-pool.ts): one render per task, in a worker thread so the
// service's event loop keeps answering while a PDF is laid out. The parsed fonts and the shaping
// cache live per thread and stay warm across the tasks a thread runs.
import { renderDocumentPdf, type PdfRenderInput } from "../pdf/render"; // not ../pdf: no option schemas to load

export default function render(input: PdfRenderInput): Promise<Buffer> {
  return renderDocumentPdf(input);
}
