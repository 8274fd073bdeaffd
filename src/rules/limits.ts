// Size limits of what the service accepts. The spec shows none but unitName's 7 characters
// ("not shown" for the rest), so these are our choices: generous for real paperwork, small enough
// that no single request can hold the service (PDF layout, storage, memory). They are stated in
// the OpenAPI document and every refusal names the field and the limit.
import { ATTACHMENT_MAX_BYTES } from "./codes";

// --- Text fields (characters, as JavaScript counts them: UTF-16 code units) ---

/** Long free texts printed on documents (remarks, internal notes, notes, e-mail messages). */
export const LONG_TEXT_MAX = 5_000;
/** What a line says: its name and description (product descriptions too). */
export const LINE_TEXT_MAX = 1_000;
/** Addresses (contact, company, shipping). */
export const ADDRESS_MAX = 500;
/** Names and other one-line texts: contact, person, company, product, project, subject, file names. */
export const NAME_MAX = 250;
/** Codes, numbers and ids written as text: tax id, phone, zip code, account codes, serials. */
export const CODE_MAX = 100;
/** unitName of a line (spec: maxLength 7; service-facts §3.3). */
export const UNIT_NAME_MAX = 7;
/** E-mail fields, which may list several addresses. */
export const EMAIL_LIST_MAX = 1_000;
/** searchString and the other texts of a list query. */
export const QUERY_TEXT_MAX = NAME_MAX;
/** base64Data of one attachment: the spec's 10 MB per upload, written in base64. */
export const BASE64_TEXT_MAX = Math.ceil(ATTACHMENT_MAX_BYTES / 3) * 4;

// --- Lists ---

/** Line items of a document, and the other lists of a body (references, journal rows, unit lists). */
export const ITEMS_MAX = 500;

// --- Numbers ---

/**
 * Every number of a body lies strictly between -NUMBER_MAX and NUMBER_MAX: at most
 * 999,999,999,999.99, twelve whole digits, so a 2-decimal amount keeps its cents as a JSON number.
 * Computed totals (quantity × price, the document's sums) are held to the same bound.
 */
export const NUMBER_MAX = 1e12;

/** creditDays: a due date the store can keep (publishedOn + creditDays stays a real date). */
export const CREDIT_DAYS_MAX = 9_999;

// --- Requests ---

/** A JSON body (attachment uploads have their own, larger limit: routes/attachments.ts). */
export const JSON_BODY_MAX_BYTES = 2 * 1024 * 1024;
/** Arrays and objects nested in a JSON body: the service's own bodies need 4. */
export const JSON_DEPTH_MAX = 32;
