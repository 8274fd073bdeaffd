// Contacts documents name, kept in memory for the embedded store, where this process is the only
// writer (a PGlite data dir is open in one process at a time). It saves a query on every document
// create; any change of a contact through the contacts API clears it. Not used with PostgreSQL,
// where other processes may write.
import type { contacts } from "../store/schema";

export type ContactRow = typeof contacts.$inferSelect;

export class ContactCache {
  private readonly byId = new Map<number, ContactRow>();
  /** Lowest-id live contact with no code, by company and name (contact rule 5). */
  private readonly noCodeByName = new Map<string, ContactRow>();

  private static key(companyId: number, name: string): string {
    return `${companyId}\u0000${name}`;
  }

  byIdOf(id: number): ContactRow | undefined {
    return this.byId.get(id);
  }

  noCodeNamed(companyId: number, name: string): ContactRow | undefined {
    return this.noCodeByName.get(ContactCache.key(companyId, name));
  }

  /** Remembers a live contact read from or written to the store. */
  remember(row: ContactRow): void {
    if (row.deleted) return;
    if (this.byId.size > 50_000) this.clear();
    this.byId.set(row.id, row);
    if (row.contactCode === "") {
      const key = ContactCache.key(row.companyId, row.contactName);
      const current = this.noCodeByName.get(key);
      if (!current || current.id > row.id) this.noCodeByName.set(key, row);
    }
  }

  clear(): void {
    this.byId.clear();
    this.noCodeByName.clear();
  }
}
