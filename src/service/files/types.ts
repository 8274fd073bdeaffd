// The attachment types the service accepts (spec, Limits) and the MIME types that name them, so a
// fileType given as "pdf", ".PDF" or "application/pdf" is understood alike.
import { ATTACHMENT_EXTENSIONS } from "../../rules/codes";

export type AllowedExtension = (typeof ATTACHMENT_EXTENSIONS)[number];

const MIME_TYPES: Record<AllowedExtension, readonly string[]> = {
  jpg: ["image/jpeg", "image/jpg", "image/pjpeg"],
  jpeg: ["image/jpeg", "image/jpg", "image/pjpeg"],
  png: ["image/png"],
  bmp: ["image/bmp", "image/x-bmp", "image/x-ms-bmp"],
  pdf: ["application/pdf"],
  doc: ["application/msword"],
  docx: ["application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  xls: ["application/vnd.ms-excel"],
  xlsx: ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
  ppt: ["application/vnd.ms-powerpoint"],
  pptx: ["application/vnd.openxmlformats-officedocument.presentationml.presentation"],
};

export function isAllowedExtension(ext: string): ext is AllowedExtension {
  return (ATTACHMENT_EXTENSIONS as readonly string[]).includes(ext);
}

/** jpeg and jpg are one type. */
export function canonicalExtension(ext: string): string {
  return ext === "jpeg" ? "jpg" : ext;
}

/** The lower-case extension of a file name ("" when it has none). */
export function extensionOf(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf("/"), fileName.lastIndexOf("\\")) + 1);
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
}

/** Whether a declared fileType (extension with or without the dot, or MIME type) names `ext`. */
export function fileTypeNames(fileType: string, ext: AllowedExtension): boolean {
  const t = fileType.trim().toLowerCase();
  if (t.includes("/")) return MIME_TYPES[ext].includes(t.split(";")[0].trim());
  return canonicalExtension(t.replace(/^\./, "")) === canonicalExtension(ext);
}

export function mimeOf(ext: AllowedExtension): string {
  return MIME_TYPES[ext][0];
}
