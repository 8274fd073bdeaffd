// Every check of the spec, answered with the spec's message text, each finding at the dotted path
// of its field. Bodies are read tolerantly: anything (arbitrary JSON, wrong types) gets findings,
// never an exception. Shape errors come from the zod schemas; the rules then run on the raw body
// wherever a value can be read, so one body shows all its problems at once.
export { checkDocument } from "./document";
export type { CheckOperation, DocumentCheckContext, Structure } from "./context";
export { checkPayment, paymentRuleFindings } from "./payment";
export { checkPartialReceipt } from "./partial-receipt";
export { checkListQuery } from "./list-query";
export { checkAttachments, extensionMatchesContent, extensionOf, type AttachmentFacts } from "./attachments";
export { jsonLimitFindings, TOO_DEEP } from "./json-limits";
export { zodFindings } from "./report";
