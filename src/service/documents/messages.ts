// The service's own messages about documents (and withholding tax certificates, which share them).
export const DOCUMENT_NOT_FOUND = "Document not found";
export const ONLY_AWAITING_UPDATE = "Only an awaiting document can be edited";
export const ONLY_AWAITING_DELETE = "Only an awaiting document can be deleted";
export const STATUS_NOT_ALLOWED = "statusId {given} is not allowed for {family}; allowed: {allowed}";
