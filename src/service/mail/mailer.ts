// Sending a document by e-mail: the message always goes into the outbox, and is relayed over SMTP
// when an SMTP URL is configured (SMTP_URL, e.g. smtp://user:pass@mail.example.com:587). A relay
// failure is recorded on the outbox entry, never thrown: the message is not lost. The URL's
// password never appears in a recorded error.
import { randomUUID } from "node:crypto";
import type nodemailer from "nodemailer";
import type { OwnerId } from "../files/store";
import type { OutboxEntry, OutboxStore, RelayResult } from "./outbox";

export interface MailAttachment {
  filename: string;
  content: Buffer;
  /** Defaults from the name: application/pdf for .pdf. */
  contentType?: string;
}

export interface MailMessage {
  companyId: OwnerId;
  from: string;
  /** One address, several separated by commas or semicolons, or a list. */
  to: string | string[];
  cc?: string | string[];
  bcc?: string | string[];
  subject: string;
  text: string;
  attachments: MailAttachment[];
}

export interface MailerOptions {
  smtpUrl?: string;
  outbox: OutboxStore;
  /** Connection, greeting and socket timeout for the relay; default 15 s. */
  timeoutMs?: number;
}

export interface Mailer {
  send(message: MailMessage): Promise<OutboxEntry>;
}

/** Thrown for a message that cannot be sent as given (the core answers a validation error). */
export class MailInputError extends Error {}

const ADDRESS = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;

function addresses(value: string | string[] | undefined, field: string): string[] {
  const list = (Array.isArray(value) ? value : [value ?? ""])
    .flatMap((v) => String(v).split(/[,;]/))
    .map((s) => s.trim())
    .filter((s) => s !== "");
  const bad = list.find((a) => !ADDRESS.test(a));
  if (bad !== undefined) throw new MailInputError(`${field} has an invalid e-mail address: ${bad}`);
  return list;
}

function contentTypeOf(filename: string): string {
  return /\.pdf$/i.test(filename) ? "application/pdf" : "application/octet-stream";
}

/** The error text with any secret of the SMTP URL removed. */
function redact(message: string, smtpUrl: string): string {
  let out = message.split(smtpUrl).join("[SMTP_URL]");
  try {
    const url = new URL(smtpUrl);
    for (const secret of [url.password, decodeURIComponent(url.password)]) {
      if (secret) out = out.split(secret).join("***");
    }
  } catch {
    // not a URL: nothing more to hide than the text itself
  }
  return out;
}

export function createMailer(options: MailerOptions): Mailer {
  const timeout = options.timeoutMs ?? 15_000;
  const transport = options.smtpUrl
    ? // Loaded with the first relay set up, not at service start: most services never send mail.
      (require("nodemailer") as typeof nodemailer).createTransport({
        url: options.smtpUrl,
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout,
      } as Parameters<typeof nodemailer.createTransport>[0])
    : undefined;

  async function relay(entry: OutboxEntry): Promise<RelayResult> {
    if (!transport || !options.smtpUrl) return { status: "disabled" };
    try {
      const info = await transport.sendMail({
        from: entry.from,
        to: entry.to,
        cc: entry.cc,
        bcc: entry.bcc,
        subject: entry.subject,
        text: entry.text,
        attachments: entry.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
      });
      return {
        status: "sent",
        messageId: String(info.messageId ?? ""),
        accepted: (info.accepted ?? []).map(String),
        rejected: (info.rejected ?? []).map(String),
      };
    } catch (err) {
      return { status: "failed", error: redact(err instanceof Error ? err.message : String(err), options.smtpUrl) };
    }
  }

  return {
    async send(message: MailMessage): Promise<OutboxEntry> {
      const [from] = addresses(message.from, "from");
      if (from === undefined) throw new MailInputError("from is required");
      const to = addresses(message.to, "to");
      if (to.length === 0) throw new MailInputError("to is required");
      if (typeof message.subject !== "string" || message.subject.trim() === "") throw new MailInputError("subject is required");
      const entry: OutboxEntry = {
        id: randomUUID(),
        companyId: message.companyId,
        createdAt: new Date().toISOString(),
        from,
        to,
        cc: addresses(message.cc, "cc"),
        bcc: addresses(message.bcc, "bcc"),
        // Header injection is impossible through nodemailer, but keep the subject one line anyway.
        subject: message.subject.replace(/[\r\n]+/g, " ").trim(),
        text: typeof message.text === "string" ? message.text : "",
        attachments: (message.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType ?? contentTypeOf(a.filename),
          size: a.content.length,
          content: a.content,
        })),
        relay: { status: "disabled" },
      };
      entry.relay = await relay(entry);
      await options.outbox.add(entry);
      return entry;
    },
  };
}
