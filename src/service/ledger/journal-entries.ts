// Journal entries as kept: saved as draft or posted approved (debits must equal credits), every
// row's chartOfAccountId an account of the company, numbered in the JV register.
import { and, desc, eq, gte, lte, sql } from "drizzle-orm";
import { ruleMsg } from "../../rules/messages";
import { finding } from "../../rules/findings";
import type { Json } from "../../rules/json";
import { ServiceError, validationError } from "../envelope";
import type { Db } from "../store/database";
import { chartOfAccounts, contacts, journalEntries } from "../store/schema";
import { nextRegisterSerial } from "./serial";
import { bookRows, type JournalRow, type JournalStatus } from "./journal";

export const JOURNAL_NOT_FOUND = "Journal entry not found";

/** Saves a checked body as a draft or an approved entry. */
export async function saveJournalEntry(db: Db, companyId: number, body: Json, status: JournalStatus): Promise<JournalRow> {
  return db.transaction(async (tx) => {
    const chart = await tx.select().from(chartOfAccounts).where(eq(chartOfAccounts.companyId, companyId));
    const booked = bookRows(body.bookOfAccounts as Json[], chart, status === "approved");
    const contactId = typeof body.contactId === "number" ? body.contactId : 0;
    if (contactId < 0) booked.findings.push(finding("contactId", ruleMsg("contactIdNegative")));
    if (contactId > 0) {
      const [contact] = await tx.select({ companyId: contacts.companyId, deleted: contacts.deleted }).from(contacts).where(eq(contacts.id, contactId));
      if (!contact || contact.deleted) booked.findings.push(finding("contactId", ruleMsg("contactIdNotFound")));
      else if (contact.companyId !== companyId) booked.findings.push(finding("contactId", ruleMsg("contactOtherCompany")));
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
}

/** A page of the company's entries, newest first; of the dates `from` to `to` when given (a list
 * query's range, as the document lists take it). */
export async function listJournalEntries(
  db: Db, companyId: number, page: { currentPage: number; pageSize: number; from?: string; to?: string },
): Promise<{ total: number; rows: JournalRow[] }> {
  const where = and(
    eq(journalEntries.companyId, companyId),
    page.from === undefined ? undefined : gte(journalEntries.documentDate, page.from),
    page.to === undefined ? undefined : lte(journalEntries.documentDate, page.to),
  );
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(journalEntries).where(where);
  const rows = await db.select().from(journalEntries).where(where)
    .orderBy(desc(journalEntries.documentDate), desc(journalEntries.id)).limit(page.pageSize).offset((page.currentPage - 1) * page.pageSize);
  return { total, rows };
}

export async function findJournalEntry(db: Db, companyId: number, id: number): Promise<JournalRow> {
  const [row] = await db.select().from(journalEntries).where(and(eq(journalEntries.id, id), eq(journalEntries.companyId, companyId)));
  if (!row) throw new ServiceError(404, JOURNAL_NOT_FOUND, 404);
  return row;
}
