// Attachments from upload to record: read the base64 body (one object or up to 10, keys in any
// letter case), decode strictly, read each file's real type from its bytes, apply the spec's rules,
// store the files all or nothing, and answer the spec's attachment records.
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES } from "../../rules/codes";
import { finding, type Finding } from "../../rules/findings";
import { formatMessage, MESSAGES } from "../../rules/messages";
import { normalizeAttachmentKeys } from "../../rules/schemas";
import { base64DecodedSize, decodeBase64 } from "./base64";
import { detectFileType } from "./detect";
import type { AttachmentStore, NewAttachment, OwnerId, StoredAttachment } from "./store";
import { canonicalExtension, extensionOf, fileTypeNames, isAllowedExtension, mimeOf } from "./types";

/** The spec's attachment record (response `data` array item). */
export interface AttachmentRecord {
  attachmentId: number;
  attachmentName: string;
  /** ISO 8601 with offset, e.g. 2026-05-01T14:03:07.120+07:00 */
  createdOn: string;
  orderNumber: number;
  isDisplay: boolean;
  attachmentPath: string;
}

export type PreparedAttachments = { ok: true; files: NewAttachment[] } | { ok: false; findings: Finding[] };

interface Candidate {
  path: string;
  fileName: string;
  ext: string;
  bytes: Buffer;
}

/** Checks one file's name (and declared type) before its data is looked at. */
function checkName(path: string, fileName: unknown, fileType: unknown): Finding[] {
  if (typeof fileName !== "string" || extensionOf(fileName) === "") {
    return [finding(`${path}fileName`, MESSAGES.attachmentFileNameRequired)];
  }
  const ext = extensionOf(fileName);
  if (!isAllowedExtension(ext)) return [finding(`${path}fileName`, formatMessage(MESSAGES.attachmentType, { fileName }))];
  if (fileType !== undefined && fileType !== null && fileType !== "") {
    if (typeof fileType !== "string" || !fileTypeNames(fileType, ext)) {
      return [finding(`${path}fileType`, formatMessage(MESSAGES.attachmentFileTypeMismatch, { fileType: String(fileType) }))];
    }
  }
  return [];
}

/** The content must be what the name says (the spec's exact message otherwise). */
async function checkContent(c: Candidate): Promise<Finding[]> {
  const detected = await detectFileType(c.bytes);
  if (!detected || canonicalExtension(detected.extension) !== canonicalExtension(c.ext)) {
    return [finding(`${c.path}base64Data`, MESSAGES.attachmentExtensionMismatch)];
  }
  return [];
}

function toNewAttachments(candidates: Candidate[]): NewAttachment[] {
  return candidates.map((c) => ({ name: c.fileName, mime: isAllowedExtension(c.ext) ? mimeOf(c.ext) : "", bytes: c.bytes }));
}

/**
 * Validates and decodes a base64 attachment body. Sizes are summed from the base64 lengths before
 * anything is decoded, so an upload over 10 MB never costs its decoded size in memory.
 */
export async function prepareBase64Attachments(body: unknown): Promise<PreparedAttachments> {
  const normalised = normalizeAttachmentKeys(body);
  const items = Array.isArray(normalised) ? normalised : [normalised];
  if (items.length === 0) return { ok: false, findings: [finding("", "At least one file is required")] };
  if (items.length > ATTACHMENT_MAX_FILES) return { ok: false, findings: [finding("", MESSAGES.attachmentTooMany)] };

  const findings: Finding[] = [];
  let total = 0;
  items.forEach((item, i) => {
    const path = Array.isArray(normalised) ? `${i}.` : "";
    if (item === null || typeof item !== "object") {
      findings.push(finding(path.replace(/\.$/, ""), "Each attachment must be an object with fileName, fileType and base64Data"));
      return;
    }
    const { fileName, fileType, base64Data } = item as Record<string, unknown>;
    findings.push(...checkName(path, fileName, fileType));
    const size = typeof base64Data === "string" ? base64DecodedSize(base64Data) : -1;
    if (size <= 0) findings.push(finding(`${path}base64Data`, MESSAGES.attachmentEmpty));
    else total += size;
  });
  if (total > ATTACHMENT_MAX_BYTES) findings.push(finding("", MESSAGES.attachmentTooLarge));
  if (findings.length > 0) return { ok: false, findings };

  const candidates: Candidate[] = [];
  for (const [i, item] of items.entries()) {
    const path = Array.isArray(normalised) ? `${i}.` : "";
    const { fileName, base64Data } = item as { fileName: string; base64Data: string };
    const decoded = decodeBase64(base64Data, ATTACHMENT_MAX_BYTES);
    if (!decoded.ok) {
      findings.push(finding(`${path}base64Data`, decoded.reason === "too-large" ? MESSAGES.attachmentTooLarge : MESSAGES.attachmentEmpty));
      continue;
    }
    candidates.push({ path, fileName, ext: extensionOf(fileName), bytes: decoded.bytes });
  }
  for (const c of candidates) findings.push(...(await checkContent(c)));
  return findings.length > 0 ? { ok: false, findings } : { ok: true, files: toNewAttachments(candidates) };
}

/** Validates one multipart upload (`file` field): same rules, the bytes arrive decoded. */
export async function prepareUploadedFile(fileName: string, bytes: Uint8Array): Promise<PreparedAttachments> {
  const findings = checkName("", fileName, undefined);
  if (bytes.length === 0) findings.push(finding("file", MESSAGES.attachmentEmpty));
  if (bytes.length > ATTACHMENT_MAX_BYTES) findings.push(finding("file", MESSAGES.attachmentTooLarge));
  if (findings.length > 0) return { ok: false, findings };
  const candidate: Candidate = { path: "", fileName, ext: extensionOf(fileName), bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length) };
  const mismatch = await checkContent(candidate);
  return mismatch.length > 0 ? { ok: false, findings: mismatch } : { ok: true, files: toNewAttachments([candidate]) };
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
