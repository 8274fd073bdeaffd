// What a file really is, read from its bytes (never from its name): file-type for the magic numbers,
// and cfb to look inside OLE containers, which file-type reports only as "cfb" (.doc, .xls and
// .ppt are all OLE compound files; the stream names inside tell them apart).
// Both load with the first file checked, not at every service start.
import type * as CFB from "cfb";

export interface DetectedFileType {
  /** Lower-case extension without the dot: "pdf", "jpg", "docx", "xls", ... */
  extension: string;
  mime: string;
}

/** The stream that marks each legacy Office format inside its OLE container. */
const OLE_FORMATS: readonly { stream: string; extension: string; mime: string }[] = [
  { stream: "WordDocument", extension: "doc", mime: "application/msword" },
  { stream: "Workbook", extension: "xls", mime: "application/vnd.ms-excel" },
  // Excel 5/95 workbooks name their stream "Book".
  { stream: "Book", extension: "xls", mime: "application/vnd.ms-excel" },
  { stream: "PowerPoint Document", extension: "ppt", mime: "application/vnd.ms-powerpoint" },
];

const CFB_STREAM = 2;

function detectOle(bytes: Uint8Array): DetectedFileType | null {
  let container: CFB.CFB$Container;
  try {
    container = (require("cfb") as typeof CFB).read(bytes, { type: "buffer" });
  } catch {
    return null; // a damaged container is not any allowed type
  }
  const streams = new Set(container.FileIndex.filter((e) => e.type === CFB_STREAM).map((e) => e.name));
  const format = OLE_FORMATS.find((f) => streams.has(f.stream));
  return format ? { extension: format.extension, mime: format.mime } : null;
}

/** The type of a file from its content, or null when it is not recognised. */
export async function detectFileType(bytes: Uint8Array): Promise<DetectedFileType | null> {
  if (bytes.length === 0) return null;
  const { fileTypeFromBuffer } = require("file-type") as typeof import("file-type");
  const found = await fileTypeFromBuffer(bytes);
  if (!found) return null;
  if (found.ext === "cfb") return detectOle(bytes);
  return { extension: found.ext, mime: found.mime };
}
