// Attachments: what the service core calls.
export {
  prepareBase64Attachments, prepareUploadedFile, saveAttachments, attachmentRecord, isoWithOffset,
  type AttachmentRecord, type PreparedAttachments,
} from "./attachments";
export { detectFileType, type DetectedFileType } from "./detect";
export { decodeBase64, base64DecodedSize } from "./base64";
export { FsAttachmentStore, type AttachmentStore, type NewAttachment, type StoredAttachment, type OwnerId } from "./store";
