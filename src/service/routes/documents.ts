// The document routes of the eight families, mounted from the shared route table: list, read,
// create (simple and inline), update, delete, status. Every create and update runs the shared
// checks of src/rules, then the contact rules, then composes the stored document.
import { DOCUMENT_ROUTES, type Route } from "../../api/routes";
import { FAMILIES, FAMILY_INFO, type Family } from "../../rules/codes";
import { formatMessage } from "../../rules/messages";
import { checkDocument, checkListQuery, zodFindings } from "../../rules/checks";
import { InlineDocumentSchema, ListQuerySchema, SimpleDocumentSchema, UpdateDocumentSchema } from "../../rules/schemas";
import type { Finding } from "../../rules/findings";
import { readListOrder } from "../../rules/list-order";
import { companyOf, type Api, type Ctx, type ServiceContext } from "../http/context";
import { mount } from "../http/mount";
import { ok, ServiceError, validationError } from "../http/envelope";
import { documentEnvelope } from "../documents/answer-shape";
import { idParam, readJson } from "../http/validate";
import type { Db, Tx } from "../store/database";
import { cachedCompanyInfo } from "./company";
import { resolveContact, resolvesFromCache, type ResolveOptions } from "../documents/contact-resolution";
import { composeDocument, type Structure } from "../documents/compose";
import { accountBook } from "../documents/expense-lines";
import { rangeInterval } from "../documents/list-range";
import { assertNoPartialReceipts, beforeRemoval } from "../documents/partial-receipts";
import {
  documentAnswersById, findDocument, insertDocument, listDocuments, newDocumentAnswer, softDeleteDocument,
  updateDocument, type DocumentRow,
} from "../documents/repository";
import { DocumentInsertQueue } from "../documents/insert-queue";

export const DOCUMENT_NOT_FOUND = "Document not found";
export const ONLY_AWAITING_UPDATE = "Only an awaiting document can be edited";
export const ONLY_AWAITING_DELETE = "Only an awaiting document can be deleted";
export const STATUS_NOT_ALLOWED = "statusId {given} is not allowed for {family}; allowed: {allowed}";

type Json = Record<string, unknown>;

function rejectErrors(findings: Finding[]): void {
  if (findings.some((f) => f.severity === "error")) throw validationError(findings);
}

/** The body parsed by its schema (numbers and booleans normalized); checks have already passed. */
function parsed(schema: typeof SimpleDocumentSchema | typeof InlineDocumentSchema | typeof UpdateDocumentSchema, raw: unknown): Json {
  const r = schema.safeParse(raw);
  if (!r.success) throw validationError(zodFindings(r.error.issues));
  return r.data as Json;
}

export async function loadDocument(tx: Tx, companyId: number, family: Family, id: number, lock = false): Promise<DocumentRow> {
  const row = await findDocument(tx, companyId, family, id, lock);
  if (!row) throw new ServiceError(404, DOCUMENT_NOT_FOUND, 404);
  return row;
}

export interface CreateOptions {
  /** Company information for the header (cachedCompanyInfo). */
  company: Json;
  /** How contacts are resolved (lock on PostgreSQL, cache on the embedded store). */
  contacts: ResolveOptions;
}

/** The row of a new document, composed from a checked body and its resolved contact. */
async function newDocumentValues(tx: Tx, companyId: number, family: Family, structure: Structure, body: Json, opts: CreateOptions) {
  const info = FAMILY_INFO[family];
  const contact = await resolveContact(tx, companyId, info.side, body, opts.contacts);
  const accounts = family === "expenses" ? await accountBook(tx, companyId) : undefined;
  const composed = composeDocument({ family, structure, body, contact, company: opts.company, accounts });
  return {
    companyId, family, documentType: info.documentType, structure, status: "awaiting",
    publishedOn: composed.publishedOn, dueDate: composed.dueDate, contactId: composed.contactId,
    contactName: composed.contactName, projectName: composed.projectName, grandTotal: composed.grandTotal, body: composed.body,
  };
}

/** Creates a document from a checked body, in the caller's transaction. */
export async function createDocument(tx: Tx, companyId: number, family: Family, structure: Structure, body: Json, opts: CreateOptions): Promise<DocumentRow> {
  return insertDocument(tx, await newDocumentValues(tx, companyId, family, structure, body, opts));
}

export function registerDocumentRoutes(api: Api, ctx: ServiceContext): void {
  const db: Db = ctx.store.db;
  const contactRules: ResolveOptions = { lock: ctx.store.kind === "postgres", cache: ctx.contactCache };
  const answerOne = async (row: DocumentRow): Promise<Json> => (await documentAnswersById(db, [row.id]))[0];
  const inserts = new DocumentInsertQueue(ctx.store.query);

  for (const family of FAMILIES) {
    const info = FAMILY_INFO[family];
    const routes = DOCUMENT_ROUTES[family];
    const tags = [info.label.en];
    const at = (r: Route | undefined): Route => r!;

    const list = async (c: Ctx) => {
      const raw = c.req.query();
      rejectErrors(checkListQuery(raw));
      const q = ListQuerySchema.parse(raw);
      const { interval, findings } = rangeInterval(q);
      rejectErrors(findings);
      const { order, findings: orderFindings } = readListOrder("documents", q);
      rejectErrors(orderFindings);
      const search = q.searchString?.trim();
      const { total, listJson } = await listDocuments(ctx.store, {
        companyId: companyOf(c), family, from: interval.from, to: interval.to, search: search || undefined, order,
        currentPage: q.currentPage, pageSize: q.pageSize,
      });
      // The page comes from the database as JSON text: spliced in, not parsed and written again.
      const data = `{"total":${total},"currentPage":${q.currentPage},"list":${listJson}}`;
      return c.body(`{"status":true,"message":"","code":0,"data":${data}}`, 200, { "content-type": "application/json" });
    };
    for (const path of new Set([info.listPath, ...info.listAliases])) {
      mount(api, at(routes.list), list, { summary: `List ${info.label.en.toLowerCase()}s`, tags, query: ListQuerySchema }, `/${path}`);
    }

    // GET by id answers data.list[0], as the real service does (service-facts §4.1, §7.3 item 8).
    mount(api, at(routes.get), async (c) => {
      const row = await loadDocument(db, companyOf(c), family, idParam(c));
      return c.json(documentEnvelope(family, { list: [await answerOne(row)] }));
    }, { summary: `Read a ${info.label.en.toLowerCase()}`, tags });

    const create = (structure: Structure) => async (c: Ctx) => {
      const raw = await readJson(c);
      rejectErrors(checkDocument(raw, { family, structure, operation: "create" }));
      const body = parsed(structure === "inline" ? InlineDocumentSchema : SimpleDocumentSchema, raw);
      const companyId = companyOf(c);
      const company = await cachedCompanyInfo(db, companyId);
      const opts: CreateOptions = { company, contacts: contactRules };
      // Contact known (embedded store cache): the create writes one statement, atomic on its own,
      // with the creates that arrived with it (insert-queue.ts). Otherwise contact and document in
      // one transaction.
      const row = resolvesFromCache(companyId, body, contactRules)
        ? await inserts.insert(await newDocumentValues(db, companyId, family, structure, body, opts))
        : await db.transaction((tx) => createDocument(tx, companyId, family, structure, body, opts));
      ctx.store.noteWrites();
      return c.json(documentEnvelope(family, newDocumentAnswer(row)));
    };
    if (routes.create) mount(api, routes.create, create("simple"), { summary: `Create a ${info.label.en.toLowerCase()} (simple)`, tags, body: SimpleDocumentSchema });
    if (routes.createInline) mount(api, routes.createInline, create("inline"), { summary: `Create a ${info.label.en.toLowerCase()} (inline)`, tags, body: InlineDocumentSchema });
    // POST /receipts (batch mode, and the refusal outside it): routes/partial-receipts.ts.

    mount(api, at(routes.update), async (c) => {
      const id = idParam(c);
      const companyId = companyOf(c);
      const raw = await readJson(c);
      const row = await db.transaction(async (tx) => {
        const current = await loadDocument(tx, companyId, family, id, true);
        if (current.status !== "awaiting") throw validationError(ONLY_AWAITING_UPDATE);
        assertNoPartialReceipts(current);
        const structure = current.structure as Structure;
        rejectErrors(checkDocument(raw, { family, structure, operation: "update" }));
        const body = parsed(UpdateDocumentSchema, raw);
        const contact = await resolveContact(tx, companyId, info.side, body, contactRules);
        const accounts = family === "expenses" ? await accountBook(tx, companyId) : undefined;
        const composed = composeDocument({ family, structure, body, contact, company: (current.body.company ?? {}) as Json, accounts });
        return updateDocument(tx, id, {
          publishedOn: composed.publishedOn, dueDate: composed.dueDate, contactId: composed.contactId,
          contactName: composed.contactName, projectName: composed.projectName, grandTotal: composed.grandTotal, body: composed.body,
        });
      });
      return c.json(documentEnvelope(family, await answerOne(row)));
    }, { summary: `Update an awaiting ${info.label.en.toLowerCase()}`, tags, body: UpdateDocumentSchema });

    mount(api, at(routes.delete), async (c) => {
      const id = idParam(c);
      const companyId = companyOf(c);
      await db.transaction(async (tx) => {
        const current = await loadDocument(tx, companyId, family, id, true);
        if (current.status !== "awaiting") throw validationError(ONLY_AWAITING_DELETE);
        await beforeRemoval(tx, current);
        await softDeleteDocument(tx, id);
      });
      ctx.store.noteWrites();
      return c.json(ok({ deleteStatus: "Deleted" }));
    }, { summary: `Delete an awaiting ${info.label.en.toLowerCase()}`, tags });

    mount(api, at(routes.status), async (c) => {
      const id = idParam(c);
      const companyId = companyOf(c);
      const statusId = (c.req.param("statusId") ?? "").toLowerCase();
      const row = await db.transaction(async (tx) => {
        const current = await loadDocument(tx, companyId, family, id, true);
        if (!info.statuses.includes(statusId)) {
          throw validationError(formatMessage(STATUS_NOT_ALLOWED, { given: statusId, family, allowed: info.statuses.join(", ") }));
        }
        if (statusId === "void") await beforeRemoval(tx, current);
        return updateDocument(tx, current.id, { status: statusId });
      });
      return c.json(documentEnvelope(family, await answerOne(row)));
    }, { summary: `Change the status of a ${info.label.en.toLowerCase()}`, tags });
  }
}
