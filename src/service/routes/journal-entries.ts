// Journal entries: save as draft (POST /journal-entries/draft), post approved (POST
// /journal-entries/approve: debits must equal credits), list (of a date range too, as the document
// lists take one: range=5&startDate&endDate) and read; kept by
// ledger/journal-entries.ts.
import { MASTER_ROUTES } from "../../api/routes";
import { JournalEntrySchema, ListQuerySchema } from "../../rules/schemas";
import type { Json } from "../../rules/json";
import { companyOf, type Api, type Ctx, type ServiceContext } from "../http/context";
import { mount } from "../http/mount";
import { ok, validationError } from "../envelope";
import { rangeInterval } from "../documents/list-range";
import { idParam, parseWith, readJson } from "../http/validate";
import type { Db } from "../store/database";
import { journalAnswer, type JournalStatus } from "../ledger/journal";
import { findJournalEntry, listJournalEntries, saveJournalEntry } from "../ledger/journal-entries";
import { listPaging, pageOf } from "./paging";

export function registerJournalEntryRoutes(api: Api, ctx: ServiceContext): void {
  const db: Db = ctx.store.db;
  const tags = ["Journal entry"];

  const save = (status: JournalStatus) => async (c: Ctx) => {
    const body = parseWith(JournalEntrySchema, await readJson(c)) as Json;
    const row = await saveJournalEntry(db, companyOf(c), body, status);
    return c.json(ok(journalAnswer(row)));
  };
  mount(api, MASTER_ROUTES.journalEntriesDraft, save("draft"), { summary: "Save a journal entry as draft", tags, body: JournalEntrySchema });
  mount(api, MASTER_ROUTES.journalEntriesApprove, save("approved"), { summary: "Post an approved journal entry (debits = credits)", tags, body: JournalEntrySchema });

  mount(api, MASTER_ROUTES.journalEntriesList, async (c) => {
    const q = listPaging(c);
    const { interval, findings } = rangeInterval(ListQuerySchema.parse(c.req.query()));
    if (findings.length > 0) throw validationError(findings);
    const { total, rows } = await listJournalEntries(db, companyOf(c), { ...q, ...interval });
    return c.json(ok(pageOf(total, q.currentPage, rows.map(journalAnswer))));
  }, { summary: "List journal entries", tags });

  mount(api, MASTER_ROUTES.journalEntriesGet, async (c) => {
    const row = await findJournalEntry(db, companyOf(c), idParam(c));
    return c.json(ok({ list: [journalAnswer(row)] }));
  }, { summary: "Read a journal entry", tags });
}
