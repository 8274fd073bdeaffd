// Journal entries: save as draft (POST /journal-entries/draft), post approved (POST
// /journal-entries/approve: debits must equal credits), list and read. Every row's
// chartOfAccountId must be an account of the caller's company.
import { and, desc, eq, sql } from "drizzle-orm";
import { MASTER_ROUTES } from "../../api/routes";
import { JournalEntrySchema } from "../../rules/schemas";
import { MESSAGES } from "../../rules/messages";
import { finding } from "../../rules/findings";
import { companyOf, type Api, type Ctx, type ServiceContext } from "../http/context";
import { mount } from "../http/mount";
import { ok, ServiceError, validationError } from "../envelope";
import { idParam, parseWith, readJson } from "../http/validate";
import type { Db } from "../store/database";
import { chartOfAccounts, contacts, journalEntries } from "../store/schema";
import { nextRegisterSerial } from "../ledger/serial";
import { bookRows, journalAnswer, type JournalStatus } from "../ledger/journal";
import { listPaging, pageOf } from "./paging";
import type { Json } from "../../rules/json";

export const JOURNAL_NOT_FOUND = "Journal entry not found";

export function registerJournalEntryRoutes(api: Api, ctx: ServiceContext): void {
  const db: Db = ctx.store.db;
  const tags = ["Journal entry"];

  const save = (status: JournalStatus) => async (c: Ctx) => {
    const body = parseWith(JournalEntrySchema, await readJson(c)) as Json;
    const companyId = companyOf(c);
    const row = await db.transaction(async (tx) => {
      const chart = await tx.select().from(chartOfAccounts).where(eq(chartOfAccounts.companyId, companyId));
      const booked = bookRows(body.bookOfAccounts as Json[], chart, status === "approved");
      const contactId = typeof body.contactId === "number" ? body.contactId : 0;
      if (contactId < 0) booked.findings.push(finding("contactId", MESSAGES.contactIdNegative));
      if (contactId > 0) {
        const [contact] = await tx.select({ companyId: contacts.companyId, deleted: contacts.deleted }).from(contacts).where(eq(contacts.id, contactId));
        if (!contact || contact.deleted) booked.findings.push(finding("contactId", MESSAGES.contactIdNotFound));
        else if (contact.companyId !== companyId) booked.findings.push(finding("contactId", MESSAGES.contactOtherCompany));
      }
      if (booked.findings.length > 0) throw validationError(booked.findings);
      const documentDate = String(body.documentDate);
      const serial = await nextRegisterSerial(tx, companyId, "journal-entries", "JV", documentDate);
      const stored: Json = { ...body, bookOfAccounts: booked.rows, totalDebit: booked.debit.toNumber(), totalCredit: booked.credit.toNumber() };
      const [r] = await tx.insert(journalEntries).values({
        companyId, serial, status, documentType: Number(body.documentType), documentDate, body: stored,
      }).returning();
      return r;
    });
    return c.json(ok(journalAnswer(row)));
  };
  mount(api, MASTER_ROUTES.journalEntriesDraft, save("draft"), { summary: "Save a journal entry as draft", tags, body: JournalEntrySchema });
  mount(api, MASTER_ROUTES.journalEntriesApprove, save("approved"), { summary: "Post an approved journal entry (debits = credits)", tags, body: JournalEntrySchema });

  mount(api, MASTER_ROUTES.journalEntriesList, async (c) => {
    const q = listPaging(c);
    const where = eq(journalEntries.companyId, companyOf(c));
    const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(journalEntries).where(where);
    const rows = await db.select().from(journalEntries).where(where)
      .orderBy(desc(journalEntries.documentDate), desc(journalEntries.id)).limit(q.pageSize).offset((q.currentPage - 1) * q.pageSize);
    return c.json(ok(pageOf(total, q.currentPage, rows.map(journalAnswer))));
  }, { summary: "List journal entries", tags });

  mount(api, MASTER_ROUTES.journalEntriesGet, async (c) => {
    const [row] = await db.select().from(journalEntries).where(and(eq(journalEntries.id, idParam(c)), eq(journalEntries.companyId, companyOf(c))));
    if (!row) throw new ServiceError(404, JOURNAL_NOT_FOUND, 404);
    return c.json(ok({ list: [journalAnswer(row)] }));
  }, { summary: "Read a journal entry", tags });
}
