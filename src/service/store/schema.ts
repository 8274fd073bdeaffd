// The one schema of the service, for both stores (PGlite and PostgreSQL 15). Documents keep the
// columns lists filter and sort on, plus the whole answer body as JSONB, so new document features
// (references, payments, partial receipts) extend the body without new columns for every field.
import { sql } from "drizzle-orm";
import {
  bigint, bigserial, boolean, customType, index, integer, json, jsonb, numeric, pgTable, primaryKey, serial, text,
  timestamp, uniqueIndex, date,
} from "drizzle-orm/pg-core";
import type { Json } from "../../rules/json";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

const id = (name = "id") => bigserial(name, { mode: "number" }).primaryKey();
const companyRef = () => integer("company_id").notNull().references(() => companies.id);
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const companies = pgTable("companies", {
  id: serial("id").primaryKey(),
  clientId: text("client_id").notNull().unique(),
  clientSecret: text("client_secret").notNull(),
  /** Company information as GET /company/info answers it. */
  info: jsonb("info").$type<Json>().notNull(),
  createdAt: createdAt(),
});

export const accessTokens = pgTable("access_tokens", {
  /** sha256 of the token: the token itself is never stored. */
  tokenHash: text("token_hash").primaryKey(),
  companyId: companyRef(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

export const contacts = pgTable("contacts", {
  id: id(),
  companyId: companyRef(),
  contactCode: text("contact_code").notNull().default(""),
  contactName: text("contact_name").notNull(),
  deleted: boolean("deleted").notNull().default(false),
  body: jsonb("body").$type<Json>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index("contacts_company_name").on(t.companyId, t.contactName),
  // A code names one live contact of the company (migration 0013): two creates at once cannot both have it.
  uniqueIndex("contacts_company_code").on(t.companyId, t.contactCode).where(sql`NOT ${t.deleted} AND ${t.contactCode} <> ''`),
  // Made by migration 0014 only where the store has pg_trgm: lists by a part of the name. New names
  // go straight into it, with no pending list that every search reads again (0015).
  index("contacts_name_search").using("gin", sql`lower(${t.contactName}) gin_trgm_ops`).with({ fastupdate: false }),
]);

export const products = pgTable("products", {
  id: id(),
  companyId: companyRef(),
  code: text("code").notNull().default(""),
  name: text("name").notNull(),
  deleted: boolean("deleted").notNull().default(false),
  body: jsonb("body").$type<Json>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index("products_company").on(t.companyId, t.id),
  // A code names one live product of the company (migration 0013).
  uniqueIndex("products_company_code").on(t.companyId, t.code).where(sql`NOT ${t.deleted} AND ${t.code} <> ''`),
]);

/** Bank accounts and the other payment channels: kind bank | cheque | credit-card | petty-cash | other. */
export const paymentChannels = pgTable("payment_channels", {
  id: id(),
  companyId: companyRef(),
  kind: text("kind").notNull(),
  body: jsonb("body").$type<Json>().notNull(),
  createdAt: createdAt(),
}, (t) => [index("payment_channels_company_kind").on(t.companyId, t.kind)]);

/** Expense categories: view 1 accounting, 3 business. */
export const expenseCategories = pgTable("expense_categories", {
  id: id(),
  companyId: companyRef(),
  view: integer("view").notNull(),
  body: jsonb("body").$type<Json>().notNull(),
}, (t) => [index("expense_categories_company_view").on(t.companyId, t.view)]);

export const chartOfAccounts = pgTable("chart_of_accounts", {
  id: id(),
  companyId: companyRef(),
  code: text("code").notNull(),
  body: jsonb("body").$type<Json>().notNull(),
}, (t) => [uniqueIndex("chart_of_accounts_company_code").on(t.companyId, t.code)]);

/** Next serial number per company, family and month; bumped with INSERT ... ON CONFLICT DO UPDATE. */
export const serialCounters = pgTable("serial_counters", {
  companyId: companyRef(),
  family: text("family").notNull(),
  period: text("period").notNull(),
  last: integer("last").notNull(),
}, (t) => [primaryKey({ columns: [t.companyId, t.family, t.period] })]);

export const documents = pgTable("documents", {
  id: id(),
  companyId: companyRef(),
  family: text("family").notNull(),
  documentType: integer("document_type").notNull(),
  structure: text("structure").notNull(),
  serial: text("serial").notNull(),
  status: text("status").notNull(),
  publishedOn: date("published_on", { mode: "string" }).notNull(),
  dueDate: date("due_date", { mode: "string" }),
  contactId: bigint("contact_id", { mode: "number" }),
  contactName: text("contact_name").notNull().default(""),
  projectName: text("project_name").notNull().default(""),
  grandTotal: numeric("grand_total", { precision: 18, scale: 2 }).notNull().default("0"),
  /** What remains to be paid (tax invoices with partial receipts); null when not tracked. */
  remaining: numeric("remaining", { precision: 18, scale: 2 }),
  deleted: boolean("deleted").notNull().default(false),
  /** True once a reference names this document: lists skip the reference lookups of the others. */
  hasReferences: boolean("has_references").notNull().default(false),
  /** What searchString and the text filters look in, lower-cased once on write (migration 0005):
   * contact name, project name and serial joined by U+0001, which no search carries in practice,
   * so `search_text LIKE lower('%text%')` is the search's ILIKE on the three columns without
   * lower-casing every row on every search. Its trigram index (pg_trgm) serves substring search. */
  searchText: text("search_text").generatedAlwaysAs(sql`lower(contact_name || chr(1) || project_name || chr(1) || serial)`),
  /** The document as GET answers it, without the columns above that are merged on read. Plain json
   * (kept as text, key order kept): answers are spliced from it without a jsonb-to-text conversion. */
  body: json("body").$type<Json>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  // Ascending: a backward scan gives ORDER BY published_on DESC, id DESC (nulls first, the default).
  index("documents_list_order").on(t.companyId, t.family, t.publishedOn, t.id).where(sql`not ${t.deleted}`),
  uniqueIndex("documents_serial").on(t.companyId, t.family, t.serial),
  // Made by migration 0005 only where the store has pg_trgm.
  index("documents_search").using("gin", sql`${t.searchText} gin_trgm_ops`),
  // A search in list order, and its total, read from this index alone (index-only scans) rather
  // than from the table, whose rows carry the whole body: 1,300 pages instead of 25,000 at 100,000
  // documents, and a deep page of a search skips index entries, not rows (migration 0007; 0006
  // had it without the order). Its entries stay far under btree's 2,704-byte limit: contact and
  // project names are at most 250 characters (3 bytes each in UTF-8 at most, lower() maps one
  // character to one).
  index("documents_search_order").on(t.companyId, t.family, t.publishedOn, t.id, t.searchText).where(sql`not ${t.deleted}`),
  // sortBy Value: its first page, and a deep page from a kept mark, read in order (migration 0009).
  index("documents_list_value").on(t.companyId, t.family, t.grandTotal, t.id).where(sql`not ${t.deleted}`),
]);

/** Live documents per company and family, kept by a statement-level trigger on documents (see the
 * migrations), so an unfiltered list answers its total without counting 100,000 rows. */
export const documentCounts = pgTable("document_counts", {
  companyId: companyRef(),
  family: text("family").notNull(),
  live: integer("live").notNull(),
  /** Bumped by the same triggers in the transaction of every write of the company's documents of
   * the family: a total counted at this revision may be kept if it is still the current one
   * (list_counts_keep, migration 0010). */
  revision: bigint("revision", { mode: "number" }).notNull().default(0),
}, (t) => [primaryKey({ columns: [t.companyId, t.family] })]);

/** Totals of list queries (searches, filters, date ranges) and their marks for deep pages, kept
 * current by the document triggers, which evaluate each entry's condition over the rows a write
 * changes (migration 0010; documents/list-counts.ts). A cache: no foreign key, at most a few
 * entries per company and family (the least recently used are dropped). */
export const listCounts = pgTable("list_counts", {
  companyId: integer("company_id").notNull(),
  family: text("family").notNull(),
  /** A hash of the query's WHERE, order and values. */
  key: text("key").notNull(),
  total: integer("total").notNull(),
  /** Dates of the list and how many rows come before each (list-counts.ts marksOf). */
  marks: json("marks").notNull(),
  /** The list's WHERE as a format() string over a documents row, and its values (list-sql.ts matchSql). */
  cond: text("cond").notNull(),
  args: text("args").array().notNull(),
  /** The order the marks are in: 'publishedOn' or 'Value' (migration 0011), and its direction
   * (true: descending); null when the entry has no marks. */
  marksBy: text("marks_by"),
  descending: boolean("descending"),
  usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.companyId, t.family, t.key] })]);

/** Links between documents: upgrades (kind 1), batch (5), partial payments (11), deposits (13, 15). */
export const documentReferences = pgTable("document_references", {
  id: id(),
  companyId: companyRef(),
  /** The source document (referencedByMe on it). */
  fromDocumentId: bigint("from_document_id", { mode: "number" }).notNull().references(() => documents.id),
  /** The destination document (referencedToMe on it). */
  toDocumentId: bigint("to_document_id", { mode: "number" }).notNull().references(() => documents.id),
  kind: integer("kind").notNull(),
  /** Amount carried by the link (partial receipts). */
  amount: numeric("amount", { precision: 18, scale: 2 }),
  createdAt: createdAt(),
}, (t) => [index("document_references_from").on(t.fromDocumentId), index("document_references_to").on(t.toDocumentId)]);

export const attachments = pgTable("attachments", {
  id: id(),
  companyId: companyRef(),
  documentId: bigint("document_id", { mode: "number" }).notNull().references(() => documents.id),
  orderNumber: integer("order_number").notNull(),
  name: text("name").notNull(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  content: bytea("content").notNull(),
  isDisplay: boolean("is_display").notNull().default(true),
  /** Unguessable key of the download path (migration 0004). */
  accessKey: text("access_key"),
  createdAt: createdAt(),
}, (t) => [index("attachments_document").on(t.documentId), uniqueIndex("attachments_access_key").on(t.accessKey)]);

export const shareLinks = pgTable("share_links", {
  token: text("token").primaryKey(),
  companyId: companyRef(),
  documentId: bigint("document_id", { mode: "number" }).notNull().references(() => documents.id),
  culture: text("culture").notNull().default("th"),
  createdAt: createdAt(),
}, (t) => [index("share_links_document").on(t.documentId)]);

export const outbox = pgTable("outbox", {
  id: id(),
  companyId: companyRef(),
  documentId: bigint("document_id", { mode: "number" }).references(() => documents.id),
  message: jsonb("message").$type<Json>().notNull(),
  relayedAt: timestamp("relayed_at", { withTimezone: true }),
  relayError: text("relay_error"),
  createdAt: createdAt(),
}, (t) => [index("outbox_company").on(t.companyId, t.id)]);

// --- files, mail, share, withholding tax, journal entries, product masters (migration 0004) ---

/** Withholding-tax certificates (service-facts §5.6): columns lists filter on, the rest in body. */
export const withholdingTaxes = pgTable("withholding_taxes", {
  id: id(),
  companyId: companyRef(),
  serial: text("serial").notNull(),
  status: text("status").notNull(),
  publishedOn: date("published_on", { mode: "string" }).notNull(),
  contactId: bigint("contact_id", { mode: "number" }),
  contactName: text("contact_name").notNull().default(""),
  deleted: boolean("deleted").notNull().default(false),
  body: jsonb("body").$type<Json>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index("withholding_taxes_list").on(t.companyId, t.publishedOn, t.id).where(sql`not ${t.deleted}`),
  uniqueIndex("withholding_taxes_serial").on(t.companyId, t.serial),
]);

/** Journal entries (service-facts §5.7): draft or approved, rows in body.bookOfAccounts. */
export const journalEntries = pgTable("journal_entries", {
  id: id(),
  companyId: companyRef(),
  serial: text("serial").notNull(),
  status: text("status").notNull(),
  documentType: integer("document_type").notNull(),
  documentDate: date("document_date", { mode: "string" }).notNull(),
  body: jsonb("body").$type<Json>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index("journal_entries_list").on(t.companyId, t.documentDate, t.id),
  uniqueIndex("journal_entries_serial").on(t.companyId, t.serial),
]);

/** Product masters (service-facts §5.2, the newer product API): one product with its unit lists. */
export const productMasters = pgTable("product_masters", {
  id: id(),
  companyId: companyRef(),
  code: text("code").notNull().default(""),
  name: text("name").notNull(),
  body: jsonb("body").$type<Json>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index("product_masters_company").on(t.companyId, t.id)]);

/** Paid documents (migration 0003): how each was paid (payment | partial-receipts) and the state it
 * was in before, so a partial receipt lowered by a PUT can take the tax invoice back there. The
 * payment itself is shown from the document body's `payments`. */
export const documentPayments = pgTable("document_payments", {
  documentId: bigint("document_id", { mode: "number" }).primaryKey().references(() => documents.id),
  companyId: companyRef(),
  source: text("source").notNull(),
  statusBefore: text("status_before").notNull(),
  paidAt: timestamp("paid_at", { withTimezone: true }).notNull().defaultNow(),
});
