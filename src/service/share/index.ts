// Share links of documents: what the service core calls.
export { newShareToken, isShareToken } from "./token";
export { renderSharePage, escapeHtml, type SharePageInput } from "./page";
