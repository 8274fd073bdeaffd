// Attachments from upload to record: read the base64 body (one object or up to 10, keys in any
// letter case), decode strictly, read each file's real type from its bytes, apply the spec's rules,
// store the files all or nothing, and answer the spec's attachment records.
import type { Attachment } from "../../api/types";
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES } from "../../rules/codes";
import { checkAttachments, extensionOf, type AttachmentFacts } from "../../rules/checks";
import { finding, type Finding } from "../../rules/findings";
import { serviceText } from "../../rules/message";
import { ruleMsg } from "../../rules/messages";
import { normalizeAttachmentKeys } from "../../rules/schemas";
import { base64DecodedSize, decodeBase64 } from "./base64";
import { detectFileType } from "./detect";
import type { AttachmentStore, NewAttachment, OwnerId, StoredAttachment } from "./store";

/** The spec's attachment record (response `data` array item): the same type the client reads. */
export type AttachmentRecord = Attachment;

export type PreparedAttachments = { ok: true; files: NewAttachment[] } | { ok: false; findings: Finding[] };

interface Item {
  fileName: string;
  fileType?: string;
  base64Data: string;
}

const text = (v: unknown): string => (typeof v === "string" ? v : "");

/** The body as a list of items, or the findings that say why it is not one. */
function itemsOf(body: unknown): { items: Item[] } | { findings: Finding[] } {
  const normalised = normalizeAttachmentKeys(body);
  const raw = Array.isArray(normalised) ? normalised : [normalised];
  if (raw.length === 0) return { findings: [finding("", serviceText("At least one file is required"))] };
  if (raw.length > ATTACHMENT_MAX_FILES) return { findings: [finding("", ruleMsg("attachmentTooMany"))] };
  const shapeless = raw.findIndex((item) => item === null || typeof item !== "object" || Array.isArray(item));
  if (shapeless >= 0) {
    return { findings: [finding(String(shapeless), serviceText("Each attachment must be an object with fileName, fileType and base64Data"))] };
  }
  return {
    items: raw.map((item) => {
      const { fileName, fileType, base64Data } = item as Record<string, unknown>;
      return { fileName: text(fileName), fileType: typeof fileType === "string" ? fileType : undefined, base64Data: text(base64Data) };
    }),
  };
}

/** Reads each file's real type; the name, declared type, size and content then go through the shared checks. */
async function checkFiles(files: { fileName: string; fileType?: string; bytes: Buffer | null }[]): Promise<PreparedAttachments> {
  const detected = await Promise.all(files.map((f) => (f.bytes ? detectFileType(f.bytes) : null)));
  const facts: AttachmentFacts[] = files.map((f, i) => ({
    fileName: f.fileName,
    fileType: f.fileType,
    sizeBytes: f.bytes?.length ?? 0,
    detectedExtension: detected[i]?.extension ?? null,
  }));
  const findings = checkAttachments(facts);
  if (findings.length > 0) return { ok: false, findings };
  return { ok: true, files: files.map((f, i) => ({ name: f.fileName, mime: detected[i]!.mime, bytes: f.bytes! })) };
}

/**
 * Validates and decodes a base64 attachment body. A first pass of the checks runs on the sizes
 * the base64 texts announce, so an upload over 10 MB (or a bad name) never costs its decoded
 * size in memory.
 */
export async function prepareBase64Attachments(body: unknown): Promise<PreparedAttachments> {
  const parsed = itemsOf(body);
  if ("findings" in parsed) return { ok: false, findings: parsed.findings };
  const announced = checkAttachments(
    parsed.items.map((item) => ({
      fileName: item.fileName,
      fileType: item.fileType,
      sizeBytes: Math.max(0, base64DecodedSize(item.base64Data)),
      detectedExtension: extensionOf(item.fileName), // content not read yet: assume it agrees
    })),
  );
  if (announced.length > 0) return { ok: false, findings: announced };
  return checkFiles(
    parsed.items.map((item) => {
      const decoded = decodeBase64(item.base64Data, ATTACHMENT_MAX_BYTES);
      return { fileName: item.fileName, fileType: item.fileType, bytes: decoded.ok ? decoded.bytes : null };
    }),
  );
}

/** Validates one multipart upload (`file` field): same rules, the bytes arrive decoded. */
export async function prepareUploadedFile(fileName: string, bytes: Uint8Array): Promise<PreparedAttachments> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  return checkFiles([{ fileName, bytes: buffer.length > 0 ? buffer : null }]);
}

/** Stores every file or none: a failure part-way removes what was already stored. */
export async function saveAttachments(
  store: AttachmentStore,
  companyId: OwnerId,
  documentId: OwnerId,
  files: NewAttachment[],
): Promise<StoredAttachment[]> {
  const saved: StoredAttachment[] = [];
  try {
    for (const file of files) saved.push(await store.put(companyId, documentId, file));
    return saved;
  } catch (err) {
    await Promise.allSettled(saved.map((s) => store.remove(companyId, documentId, s.attachmentId)));
    throw err;
  }
}

const pad = (n: number, width = 2) => String(Math.trunc(Math.abs(n))).padStart(width, "0");

/** ISO 8601 with an explicit offset (default +07:00, the service's home time zone). */
export function isoWithOffset(date: Date, offsetMinutes = 7 * 60): string {
  const local = new Date(date.getTime() + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  return (
    `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}.${pad(local.getUTCMilliseconds(), 3)}` +
    `${sign}${pad(offsetMinutes / 60)}:${pad(offsetMinutes % 60)}`
  );
}

/** The spec's record of a stored attachment; `urlOf` gives where the core serves its bytes. */
export function attachmentRecord(stored: StoredAttachment, urlOf: (s: StoredAttachment) => string): AttachmentRecord {
  return {
    attachmentId: stored.attachmentId,
    attachmentName: stored.name,
    createdOn: isoWithOffset(stored.createdOn),
    orderNumber: stored.orderNumber,
    isDisplay: true,
    attachmentPath: urlOf(stored),
  };
}
