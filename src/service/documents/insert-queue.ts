// Group commit for the embedded store. Every commit there waits for its WAL flush (so that an
// acknowledged document survives a kill), and PGlite runs one statement at a time: creates that
// arrive together are written together, in one commit, instead of one commit each. No answer goes
// out before the commit of its document: durability is the same, only the cost per document falls
// (measured in bench/service.ts and bench/addin.ts).
//
// A create whose contact is known (the contact cache) is ready to insert. One that names a contact
// by name only (contact rule 5) is resolved in the batch: the batch's names are looked up in one
// statement, the contacts none of them has yet are created in one, and each document is composed
// with its contact, as one create after the other would have been.
import type { Side } from "../../rules/codes";
import type { Json } from "../../rules/json";
import type { RawQuery, Store } from "../store/database";
import { BatchQueue, type Queued } from "../store/batch-queue";
import type { ContactCache, ContactRow } from "./contact-cache";
import { fill, freshContactBody, type ResolvedContact } from "./contact-resolution";
import { insertDocumentDirect, insertDocumentsDirect, type DocumentRow, type NewDocument } from "./repository";

type InsertValues = Omit<NewDocument, "serial">;

/** A create whose contact is resolved in its batch. */
export interface ByContactName {
  companyId: number;
  side: Side;
  body: Json;
  /** The contact name (trimmed) it resolves by. */
  name: string;
  /** The document's row, composed with its contact (may refuse the body: it then fails alone). */
  compose(contact: ResolvedContact): InsertValues;
  /** The create on its own, contact and all in a transaction of its own (when its batch failed). */
  alone(): Promise<DocumentRow>;
}

/** A create: ready to insert, or to resolve its contact by name first. */
interface Create {
  ready?: InsertValues;
  byName?: ByContactName;
}

type Waiting = Queued<Create, DocumentRow>;

/** The lowest-id live contact with no code of each name (contact rule 5), by name. */
const FIND_BY_NAMES = `
  select distinct on (contact_name) id, company_id, contact_code, contact_name, deleted, body, created_at, updated_at
  from contacts where company_id = $1 and contact_code = '' and not deleted and contact_name = any($2::text[])
  order by contact_name, id`;

/** New contacts as one statement, answered in the order given. */
const INSERT_CONTACTS = `
  with input as (select * from json_to_recordset($1::json) as i(ord int, company_id bigint, contact_name text, body jsonb)),
  inserted as (
    insert into contacts (company_id, contact_code, contact_name, body)
    select company_id, '', contact_name, body from input order by ord
    returning id, company_id, contact_code, contact_name, deleted, body, created_at, updated_at
  )
  select * from inserted`;

function contactRow(r: Record<string, unknown>): ContactRow {
  return {
    id: Number(r.id), companyId: Number(r.company_id), contactCode: String(r.contact_code), contactName: String(r.contact_name),
    deleted: r.deleted === true, body: (typeof r.body === "string" ? JSON.parse(r.body) : r.body) as Json,
    createdAt: new Date(r.created_at as string), updatedAt: new Date(r.updated_at as string),
  };
}

export class DocumentInsertQueue extends BatchQueue<Create, DocumentRow> {
  constructor(private readonly store: Pick<Store, "query" | "transaction">, private readonly cache?: ContactCache) {
    super();
  }

  /** Inserts a document under the next serial; resolves once it is committed. */
  insert(values: InsertValues): Promise<DocumentRow> {
    return this.enqueue({ ready: values });
  }

  /** Resolves the create's contact by name, then inserts it; resolves once both are committed. */
  insertByContactName(create: ByContactName): Promise<DocumentRow> {
    return this.enqueue({ byName: create });
  }

  protected async write(batch: Waiting[]): Promise<void> {
    if (batch.every((w) => w.ready)) return this.writeReady(batch);
    let created: ContactRow[] = [];
    let written: Array<{ w: Waiting; row: DocumentRow }> = [];
    let refused: Array<{ w: Waiting; error: unknown }> = [];
    try {
      ({ created, written, refused } = await this.store.transaction(async (query) => this.writeResolving(query, batch)));
    } catch {
      // Nothing of the batch was written: each alone, so one refused document fails only its own request.
      for (const w of batch) await (w.byName ? w.byName.alone() : insertDocumentDirect(this.store.query, w.ready!)).then(w.done, w.fail);
      return;
    }
    for (const c of created) this.cache?.remember(c);
    for (const { w, row } of written) w.done(row);
    for (const { w, error } of refused) w.fail(error);
  }

  private async writeReady(batch: Waiting[]): Promise<void> {
    try {
      const rows = await insertDocumentsDirect(this.store.query, batch.map((w) => w.ready!));
      batch.forEach((w, i) => w.done(rows[i]));
    } catch (error) {
      if (batch.length === 1) return batch[0].fail(error);
      for (const w of batch) await insertDocumentDirect(this.store.query, w.ready!).then(w.done, w.fail);
    }
  }

  /** In one transaction: the batch's contacts found or created, then its documents inserted. */
  private async writeResolving(query: RawQuery, batch: Waiting[]) {
    const existing = new Map<string, ContactRow>();
    const byCompany = new Map<number, Set<string>>();
    for (const w of batch) if (w.byName) byCompany.set(w.byName.companyId, (byCompany.get(w.byName.companyId) ?? new Set()).add(w.byName.name));
    for (const [companyId, names] of byCompany) {
      for (const r of await query<Record<string, unknown>>(FIND_BY_NAMES, [companyId, [...names]])) {
        const row = contactRow(r);
        existing.set(`${companyId}\u0000${row.contactName}`, row);
      }
    }
    // In request order, as creates one after the other: the first document naming a new contact
    // creates it from its own fields, the later ones use it. A body refused here creates nothing.
    const pending = new Map<string, { body: Json; companyId: number; name: string; users: InsertValues[] }>();
    const values: Array<{ w: Waiting; v: InsertValues }> = [];
    const refused: Array<{ w: Waiting; error: unknown }> = [];
    for (const w of batch) {
      if (w.ready) {
        values.push({ w, v: w.ready });
        continue;
      }
      const c = w.byName!;
      const key = `${c.companyId}\u0000${c.name}`;
      const found = existing.get(key);
      const fresh = found ? undefined : (pending.get(key)?.body ?? freshContactBody(c.side, c.body, c.name));
      try {
        // A contact still to be made: id 0 until it is inserted below.
        const v = c.compose(fill(c.body, found ?? { id: 0, companyId: c.companyId, contactCode: "", contactName: c.name, deleted: false, body: fresh!, createdAt: new Date(), updatedAt: new Date() }));
        values.push({ w, v });
        if (!found) {
          const p = pending.get(key) ?? { body: fresh!, companyId: c.companyId, name: c.name, users: [] };
          p.users.push(v);
          pending.set(key, p);
        }
      } catch (error) {
        refused.push({ w, error });
      }
    }
    let created: ContactRow[] = [];
    if (pending.size > 0) {
      const list = [...pending.values()];
      const input = list.map((p, ord) => ({ ord, company_id: p.companyId, contact_name: p.name, body: { ...p.body, contactCode: "", contactName: p.name } }));
      created = (await query<Record<string, unknown>>(INSERT_CONTACTS, [JSON.stringify(input)])).map(contactRow);
      const byKey = new Map(created.map((r) => [`${r.companyId}\u0000${r.contactName}`, r]));
      for (const p of list) {
        const id = byKey.get(`${p.companyId}\u0000${p.name}`)!.id;
        for (const v of p.users) {
          v.contactId = id;
          v.body = { ...v.body, contactId: id };
        }
      }
    }
    const rows = values.length === 0 ? [] : await insertDocumentsDirect(query, values.map((x) => x.v));
    return { created, written: values.map((x, i) => ({ w: x.w, row: rows[i] })), refused };
  }
}
