// The document routes of the eight families, mounted from the shared route table: list, read,
// create (simple and inline), update, delete, status. Each parses and checks its request with the
// shared rules of src/rules and calls the documents domain (documents/lifecycle.ts).
import { DOCUMENT_ROUTES, type Route } from "../../api/routes";
import { FAMILIES, FAMILY_INFO } from "../../rules/codes";
import { checkDocument, checkListQuery } from "../../rules/checks";
import { InlineDocumentSchema, ListQuerySchema, SimpleDocumentSchema, UpdateDocumentSchema } from "../../rules/schemas";
import { readListOrder } from "../../rules/list-order";
import { companyOf, type Api, type Ctx, type ServiceContext } from "../http/context";
import { mount } from "../http/mount";
import { ok } from "../envelope";
import { documentEnvelope } from "../documents/answer-shape";
import { idParam, readJson } from "../http/validate";
import type { Db } from "../store/database";
import type { ResolveOptions } from "../documents/contact-resolution";
import type { Structure } from "../documents/compose";
import { parsedBody, rejectErrors } from "../documents/checked-body";
import type { Json } from "../../rules/json";
import {
  changeDocumentStatus, createCheckedDocument, deleteAwaitingDocument, loadDocument, updateAwaitingDocument,
} from "../documents/lifecycle";
import { rangeInterval } from "../documents/list-range";
import { documentAnswersById, listDocuments, newDocumentAnswer, type DocumentRow } from "../documents/repository";
import { DocumentInsertQueue } from "../documents/insert-queue";
import { StatusMoveQueue } from "../documents/status-moves";

export function registerDocumentRoutes(api: Api, ctx: ServiceContext): void {
  const db: Db = ctx.store.db;
  const contactRules: ResolveOptions = { lock: ctx.store.kind === "postgres", cache: ctx.contactCache };
  const answerOne = async (row: DocumentRow): Promise<Json> => (await documentAnswersById(db, [row.id]))[0];
  const inserts = new DocumentInsertQueue(ctx.store, ctx.contactCache);
  const moves = ctx.store.kind === "pglite" ? new StatusMoveQueue(db) : undefined;

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
      const body = parsedBody(structure === "inline" ? InlineDocumentSchema : SimpleDocumentSchema, raw);
      const row = await createCheckedDocument(ctx.store, inserts, companyOf(c), family, structure, body, contactRules);
      return c.json(documentEnvelope(family, newDocumentAnswer(row)));
    };
    if (routes.create) mount(api, routes.create, create("simple"), { summary: `Create a ${info.label.en.toLowerCase()} (simple)`, tags, body: SimpleDocumentSchema });
    if (routes.createInline) mount(api, routes.createInline, create("inline"), { summary: `Create a ${info.label.en.toLowerCase()} (inline)`, tags, body: InlineDocumentSchema });
    // POST /receipts (batch mode, and the refusal outside it): routes/partial-receipts.ts.

    mount(api, at(routes.update), async (c) => {
      const id = idParam(c);
      const companyId = companyOf(c);
      const raw = await readJson(c);
      const row = await updateAwaitingDocument(db, companyId, family, id, (structure) => {
        rejectErrors(checkDocument(raw, { family, structure, operation: "update" }));
        return parsedBody(UpdateDocumentSchema, raw);
      }, contactRules);
      return c.json(documentEnvelope(family, await answerOne(row)));
    }, { summary: `Update an awaiting ${info.label.en.toLowerCase()}`, tags, body: UpdateDocumentSchema });

    mount(api, at(routes.delete), async (c) => {
      const id = idParam(c);
      const companyId = companyOf(c);
      await deleteAwaitingDocument(db, companyId, family, id);
      ctx.store.noteWrites();
      return c.json(ok({ deleteStatus: "Deleted" }));
    }, { summary: `Delete an awaiting ${info.label.en.toLowerCase()}`, tags });

    mount(api, at(routes.status), async (c) => {
      const id = idParam(c);
      const companyId = companyOf(c);
      const statusId = (c.req.param("statusId") ?? "").toLowerCase();
      const row = await changeDocumentStatus(db, companyId, family, id, statusId, moves);
      return c.json(documentEnvelope(family, await answerOne(row)));
    }, { summary: `Change the status of a ${info.label.en.toLowerCase()}`, tags });
  }
}
