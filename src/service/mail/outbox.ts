// Every message the service sends is kept in an outbox, readable at a sandbox-only endpoint, so
// e-mail can be tested without a mail server. The core backs OutboxStore with a table; the
// in-memory store serves tests and short-lived runs.
import type { OwnerId } from "../files/store";

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  size: number;
  content: Buffer;
}

export type RelayResult =
  | { status: "disabled" } // no SMTP_URL: kept in the outbox only
  | { status: "sent"; messageId: string; accepted: string[]; rejected: string[] }
  | { status: "failed"; error: string };

export interface OutboxEntry {
  id: string;
  companyId: OwnerId;
  /** ISO 8601 UTC. */
  createdAt: string;
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  text: string;
  attachments: OutboxAttachment[];
  relay: RelayResult;
}

export interface OutboxStore {
  add(entry: OutboxEntry): Promise<void>;
  /** The company's messages, oldest first. */
  list(companyId: OwnerId): Promise<OutboxEntry[]>;
}

export class MemoryOutbox implements OutboxStore {
  private readonly entries: OutboxEntry[] = [];

  async add(entry: OutboxEntry): Promise<void> {
    this.entries.push(entry);
  }

  async list(companyId: OwnerId): Promise<OutboxEntry[]> {
    return this.entries.filter((e) => String(e.companyId) === String(companyId));
  }
}
