// Request bodies and queries other than documents: the list query, base64 attachments, e-mail,
// share and PDF export.
import * as z from "zod/mini";
import { ATTACHMENT_MAX_FILES, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, RANGE_VALUES } from "../codes";
import { BASE64_TEXT_MAX, CODE_MAX, EMAIL_LIST_MAX, LONG_TEXT_MAX, NAME_MAX, QUERY_TEXT_MAX } from "../limits";
import { MESSAGES } from "../messages";
import { bool, isIsoDate, opt, phrase, requiredText, str, wireInt, wireString } from "./wire";

/** Query text: the characters and length every text field has. */
const queryText = () => wireString(QUERY_TEXT_MAX);

// ---------------------------------------------------------------------------------------------
// List query: every value arrives as query text.

const queryInt = (min: number, minMessage: string) =>
  z.pipe(z.string().check(z.regex(/^\s*[+-]?\d{1,9}\s*$/, { error: "must be a whole number" })), z.transform(Number))
    .check(z.refine((v: number) => v >= min, { error: minMessage }));

const queryDate = () => z.optional(queryText().check(z.refine(isIsoDate, { error: "must be a real date written YYYY-MM-DD" })));

export const ListQuerySchema = z.looseObject({
  currentPage: z._default(queryInt(1, MESSAGES.currentPageMin), 1),
  pageSize: z._default(
    queryInt(1, MESSAGES.pageSizeMin).check(z.refine((v: number) => v <= PAGE_SIZE_MAX, { error: MESSAGES.pageSizeMax, abort: true })),
    PAGE_SIZE_DEFAULT,
  ),
  searchString: z.optional(queryText()),
  range: z.optional(z.pipe(
    queryText().check(z.refine((v: string) => (RANGE_VALUES as number[]).map(String).includes(v.trim()), { error: MESSAGES.rangeValue })),
    z.transform((v: string) => Number(v)),
  )),
  month: z.optional(queryText()),
  year: z.optional(queryText()),
  startDate: queryDate(),
  endDate: queryDate(),
  // JSON lists read by rules/list-order.ts.
  sortBy: z.optional(wireString(LONG_TEXT_MAX)),
  filter: z.optional(wireString(LONG_TEXT_MAX)),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Base64 attachment. The real service reads keys in any letter case (Base64Data, FILENAME, ...).

const ATTACHMENT_KEYS: Record<string, "fileName" | "fileType" | "base64Data"> = {
  filename: "fileName",
  filetype: "fileType",
  base64data: "base64Data",
};

/** Maps attachment keys written in any letter case to fileName, fileType, base64Data. */
export function normalizeAttachmentKeys(raw: unknown): unknown {
  if (Array.isArray(raw)) return raw.map(normalizeAttachmentKeys);
  if (raw === null || typeof raw !== "object") return raw;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const canonical = ATTACHMENT_KEYS[key.toLowerCase()];
    if (canonical) {
      // An exact-case key wins over a differently cased duplicate.
      if (!(canonical in out) || key === canonical) out[canonical] = value;
    } else out[key] = value;
  }
  return out;
}

export const Base64AttachmentSchema = z.looseObject({
  fileName: requiredText(NAME_MAX),
  fileType: str(CODE_MAX),
  base64Data: requiredText(BASE64_TEXT_MAX),
}, { error: phrase("must be an object") });
export type Base64Attachment = z.infer<typeof Base64AttachmentSchema>;

export const Base64AttachmentBodySchema = z.pipe(
  z.transform(normalizeAttachmentKeys),
  z.union([
    Base64AttachmentSchema,
    z.array(Base64AttachmentSchema).check(
      z.minLength(1, { error: "must contain at least one file" }),
      z.maxLength(ATTACHMENT_MAX_FILES, { error: MESSAGES.attachmentTooMany }),
    ),
  ], { error: "must be an attachment object or a list of them" }),
);
export type Base64AttachmentBody = z.infer<typeof Base64AttachmentBodySchema>;

// ---------------------------------------------------------------------------------------------
// E-mail, share, PDF export (service-facts §3.9)

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;
/** One address or several separated by commas or semicolons. */
const emailList = () =>
  wireString(EMAIL_LIST_MAX).check(z.refine(
    (v: string) => v.split(/[,;]/).map((s) => s.trim()).filter((s) => s !== "").length > 0 &&
      v.split(/[,;]/).map((s) => s.trim()).filter((s) => s !== "").every((s) => EMAIL.test(s)),
    { error: "must be e-mail addresses separated by commas" },
  ));

export const CULTURES = ["th", "en"] as const;
const culture = () => z.enum(CULTURES, { error: 'must be "th" or "en"' });

export const EmailSchema = z.looseObject({
  documentId: wireInt(),
  fromemail: emailList(),
  toemail: emailList(),
  cCMyself: bool(),
  ccEmail: opt(z.union([z.literal(""), emailList()])),
  bccEmail: opt(z.union([z.literal(""), emailList()])),
  subject: requiredText(NAME_MAX),
  message: str(LONG_TEXT_MAX),
  doCopy: bool(),
  culture: opt(culture()),
  documentStructureType: str(CODE_MAX),
}, { error: MESSAGES.bodyNotObject });
export type Email = z.infer<typeof EmailSchema>;

export const ShareSchema = z.looseObject({
  documentId: wireInt(),
  culture: z._default(culture(), "th"),
}, { error: MESSAGES.bodyNotObject });
export type Share = z.infer<typeof ShareSchema>;

export const ExportPdfSchema = z.looseObject({
  culture: opt(culture()),
  document: opt(z.looseObject({ original: bool(), copy: bool() }, { error: "must be an object" })),
  receipt: opt(z.looseObject({ original: bool(), copy: bool() }, { error: "must be an object" })),
}, { error: MESSAGES.bodyNotObject });
export type ExportPdf = z.infer<typeof ExportPdfSchema>;
