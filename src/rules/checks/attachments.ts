// Base64 attachments (spec, Base64 attachment and Limits): allowed types, the extension agreeing
// with the content, 10 MB and 10 files per upload; file names the store can keep.
import { ATTACHMENT_EXTENSIONS, ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES } from "../codes";
import { finding, type Finding } from "../findings";
import { phrase } from "../message";
import { ruleMsg } from "../messages";
import { NAME_MAX } from "../limits";
import { UNSTORABLE_TEXT, isStorableText, tooLong } from "../schemas/wire";
import { isObject } from "./read";
import { guarded } from "./report";

export interface AttachmentFacts {
  fileName: string;
  /** The fileType the caller sent: an extension ("pdf", ".pdf") or a MIME type. */
  fileType?: string;
  /** Size of the decoded data. */
  sizeBytes: number;
  /** Extension detected from the content (file-type's ext, "cfb" for OLE, "zip" for OOXML), null if unknown. */
  detectedExtension: string | null;
}

const MIME_EXTENSION: Record<string, string> = {
  "image/jpeg": "jpg", "image/jpg": "jpg", "image/pjpeg": "jpg", "image/png": "png", "image/bmp": "bmp",
  "image/x-ms-bmp": "bmp", "application/pdf": "pdf", "application/msword": "doc",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.ms-excel": "xls", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "application/vnd.ms-powerpoint": "ppt",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
};
const ALLOWED = new Set<string>(ATTACHMENT_EXTENSIONS);
const OOXML = new Set(["docx", "xlsx", "pptx"]);
const OLE = new Set(["doc", "xls", "ppt"]);

const canonicalExtension = (ext: string): string => {
  const e = ext.trim().toLowerCase().replace(/^\./, "");
  return e === "jpeg" ? "jpg" : e;
};

/** The extension of a file name ("Scan.PDF" → "pdf"), "" when it has none. */
export function extensionOf(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf("/"), fileName.lastIndexOf("\\")) + 1);
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
}

/**
 * True when the content's detected type agrees with the name's extension. Content detection
 * cannot always tell Office formats apart: OOXML files may detect as "zip", OLE files as "cfb".
 */
export function extensionMatchesContent(nameExtension: string, detected: string | null): boolean {
  if (detected === null) return false;
  const name = canonicalExtension(nameExtension);
  const found = canonicalExtension(detected);
  if (name === found) return true;
  if (OOXML.has(name)) return found === "zip";
  if (OLE.has(name)) return found === "cfb";
  return false;
}

export function checkAttachments(files: AttachmentFacts[]): Finding[] {
  return guarded(() => {
    if (!Array.isArray(files)) return [finding("", ruleMsg("attachmentsNotList"))];
    const out: Finding[] = [];
    if (files.length > ATTACHMENT_MAX_FILES) out.push(finding("", ruleMsg("attachmentTooMany")));
    let total = 0;
    files.forEach((file, i) => {
      const f: Partial<AttachmentFacts> = isObject(file) ? (file as Partial<AttachmentFacts>) : {};
      const name = typeof f.fileName === "string" ? f.fileName : "";
      const size = typeof f.sizeBytes === "number" && Number.isFinite(f.sizeBytes) ? f.sizeBytes : 0;
      total += Math.max(0, size);
      // Multipart uploads name the file outside any schema: the fileName rules of the base64 body.
      if (name.length > NAME_MAX) out.push(finding(`${i}.fileName`, phrase("fileName", tooLong(NAME_MAX))));
      if (!isStorableText(name)) out.push(finding(`${i}.fileName`, phrase("fileName", UNSTORABLE_TEXT)));
      const ext = extensionOf(name);
      if (ext === "") {
        out.push(finding(`${i}.fileName`, ruleMsg("attachmentFileNameRequired")));
        return;
      }
      if (!ALLOWED.has(ext)) {
        out.push(finding(`${i}.fileName`, ruleMsg("attachmentType", { fileName: name })));
        return;
      }
      if (typeof f.fileType === "string" && f.fileType.trim() !== "") {
        const typeText = f.fileType.trim().toLowerCase();
        const typeExt = canonicalExtension(MIME_EXTENSION[typeText] ?? typeText);
        if (typeExt !== canonicalExtension(ext)) {
          out.push(finding(`${i}.fileType`, ruleMsg("attachmentFileTypeMismatch", { fileType: f.fileType })));
        }
      }
      if (size <= 0) {
        out.push(finding(`${i}.base64Data`, ruleMsg("attachmentEmpty")));
        return;
      }
      const detected = typeof f.detectedExtension === "string" ? f.detectedExtension : null;
      if (!extensionMatchesContent(ext, detected)) out.push(finding(`${i}.base64Data`, ruleMsg("attachmentExtensionMismatch")));
    });
    if (total > ATTACHMENT_MAX_BYTES) out.push(finding("", ruleMsg("attachmentTooLarge")));
    return out;
  });
}
