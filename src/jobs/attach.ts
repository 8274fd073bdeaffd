// Attaching a file to one document: the file's MIME type from its name, sent as base64 (JSON, so
// it passes the pane's relay like every other call). The service checks the bytes against the
// extension and answers a clear refusal, which the act job writes into the row.
import { bytesToBase64, type DocumentApi } from "../api";
import { KeyedError, type Message } from "../rules/message";
import { resultMsg } from "../sheet/i18n/results";

export interface FileBytes {
  name: string;
  bytes: Uint8Array;
}

const TYPES: Record<string, string> = {
  pdf: "application/pdf", png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", bmp: "image/bmp",
  doc: "application/msword", docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel", xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint", pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
};

export function mimeType(fileName: string): string {
  return TYPES[fileName.toLowerCase().split(".").pop() ?? ""] ?? "application/octet-stream";
}

/** Attaches the file; answers the row's result. */
export async function attachFile(api: DocumentApi, id: number, file: FileBytes, signal?: AbortSignal): Promise<Message> {
  if (file.bytes.length === 0) throw new KeyedError(resultMsg("notAttachedEmpty", { name: file.name }));
  await api.attachBase64(id, [{ fileName: file.name, fileType: mimeType(file.name), Base64Data: bytesToBase64(file.bytes) }], { signal });
  return resultMsg("attached", { name: file.name });
}
