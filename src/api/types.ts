// Shapes of what goes over the wire, as the client sees them (spec, service-facts §3–§5). Answer
// types follow the real service's OpenAPI description (openapi-2020.yaml), which the local service
// answers too (test/api/openapi-answers.test.ts); where the spec overrules it, the spec's type.
// Request bodies are open records: the rules layer (src/rules) owns the exact schemas and checks
// them before anything is sent; the client only needs the fields it reads itself.

import type { FilterTerm, SortTerm } from "../rules/list-order";

export type { FilterTerm, SortTerm };

/** The envelope of every JSON answer. */
export interface Envelope<T = unknown> {
  status: boolean;
  message: string;
  code: number;
  data: T;
  /** Document answers (DocumentResponse): the structure of the document, or null. */
  documentStructureType?: string | null;
  /** Expense answers (ExpenseResponse). */
  expenseStructureType?: string | null;
}

/** A list answer (documents, contacts, products, withholding taxes). */
export interface ListPage<T> {
  total: number;
  currentPage: number;
  list: T[];
}

/** List query parameters (spec, "List query parameters"; service-facts §4.2). */
export interface ListQuery {
  currentPage?: number;
  pageSize?: number;
  searchString?: string;
  range?: number | string;
  month?: number | string;
  year?: number | string;
  startDate?: string;
  endDate?: string;
  /** JSON text as the service takes it, or the terms (sent as JSON). */
  sortBy?: string | readonly SortTerm[];
  filter?: string | readonly FilterTerm[];
}

export type JsonBody = Record<string, unknown>;

export interface DocumentReference {
  referenceId?: number;
  referenceDocumentType?: number;
  referenceDocumentSerial?: string;
  documentId?: number;
  documentType?: number;
  documentSerial?: string;
  type?: number;
}

/** A document as the service returns it; fields beyond these pass through untouched. */
export interface DocumentRecord {
  recordId: number;
  documentId?: number;
  documentSerial: string;
  documentType?: number;
  status?: number;
  statusString?: string;
  contactId?: number;
  contactName?: string;
  publishedOn?: string;
  dueDate?: string;
  grandTotal?: number;
  documentStructureType?: string | null;
  items?: JsonBody[];
  referencedToMe?: DocumentReference[];
  referencedByMe?: DocumentReference[];
  allowDelete?: boolean;
  [field: string]: unknown;
}

/** The spec's attachment record (response `data` array item); the service answers this type too. */
export interface Attachment {
  attachmentId: number;
  attachmentName: string;
  /** ISO 8601 with offset, e.g. 2026-05-01T14:03:07.120+07:00 */
  createdOn: string;
  orderNumber: number;
  isDisplay: boolean;
  attachmentPath: string;
}

/** A file for POST {family}/{id}/attachment (multipart field `file`). */
export interface AttachmentFile {
  name: string;
  /** MIME type, e.g. "application/pdf". */
  type: string;
  data: Uint8Array | Blob;
}

/** One file for POST {family}/{id}/attachment/base64. */
export interface Base64File {
  fileName: string;
  /** MIME type or extension, as the service expects. */
  fileType?: string;
  Base64Data: string;
  [field: string]: unknown;
}

export interface EmailResult {
  ok?: boolean;
  message?: string;
  successMsg?: string;
  [field: string]: unknown;
}

export interface DeleteResult {
  deleteStatus?: string;
  [field: string]: unknown;
}

/** Codes, tax ids and account numbers are text (service-facts §5.1), though the description says integer. */
export interface Contact {
  id: number;
  contactName: string;
  contactCode?: string;
  contactType?: number;
  contactGroup?: number;
  contactTaxId?: string;
  contactBankAccountNumber?: string;
  [field: string]: unknown;
}

export interface Product {
  /** Text in the description (Product.id: string), unlike every other id; a number from older services. */
  id: string | number;
  name: string;
  code?: string;
  type?: number;
  sellPrice?: number;
  sellPriceWithVat?: number;
  sellVatType?: number;
  buyPrice?: number;
  buyVatType?: number;
  unitName?: string;
  [field: string]: unknown;
}

export interface Company {
  companyId?: number;
  /** Spelled so on the wire (service-facts §7.3). */
  compnayName?: string;
  companyName?: string;
  companyNameEn?: string;
  [field: string]: unknown;
}

export interface BankAccount {
  bankAccountId: number;
  bankAccountNumber?: string;
  bankAccountName?: string;
  bankAccountType?: number;
  bankBranch?: string;
  bankId?: number;
  bankName?: string;
  [field: string]: unknown;
}

/** Cheque, credit card, petty cash and other payment channels: shapes not documented. */
export interface PaymentChannel {
  id?: number;
  [field: string]: unknown;
}

/** BusinessCategory data: systemCode is a number (1001), debitId / creditId the chart accounts' ids. */
export interface ExpenseCategory {
  id?: number;
  systemCode?: number;
  categoryId?: number;
  categoryNameLocal?: string;
  categoryNameForeign?: string;
  debitId?: number;
  debitCategory?: number;
  debitCode?: string;
  debitNameLocal?: string;
  debitNameForeign?: string;
  creditId?: number;
  creditCategory?: number;
  creditCode?: string;
  creditNameLocal?: string;
  creditNameForeign?: string;
  keywords?: string;
  [field: string]: unknown;
}

/** An expense line as answered (ExpenseSimple/InlineProductItem): its category and both accounts. */
export interface ExpenseLine {
  systemCode: number;
  categoryId: number;
  categoryNameLocal?: string;
  categoryNameForeign?: string;
  description: string;
  nameLocal: string;
  nameForeign: string;
  creditId: number;
  creditCategory: number;
  creditCode: string;
  creditNameLocal: string;
  creditNameForeign: string;
  debitId: number;
  debitCategory: number;
  debitCode: string;
  debitNameLocal: string;
  debitNameForeign: string;
  quantity: number;
  unitName?: string;
  pricePerUnit: number;
  total: number;
  discountAmount?: number;
  vatRate?: number;
  [field: string]: unknown;
}

export interface ChartOfAccount {
  id?: number;
  code?: string;
  [field: string]: unknown;
}

export interface WithholdingTaxRecord {
  recordId: number | string;
  documentSerial?: string;
  [field: string]: unknown;
}

export interface JournalEntry {
  recordId?: number;
  id?: number;
  documentSerial?: string;
  [field: string]: unknown;
}

/** PDF export options: {culture, document: {original, copy}, receipt: {original}} (service-facts §3.9). */
export interface ExportPdfOptions {
  culture?: "th" | "en";
  [field: string]: unknown;
}

export interface TokenAnswer {
  access_token?: string;
  token_type?: string;
  expires_in?: number;
  error?: string;
}
