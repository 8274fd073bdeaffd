// E-mail: every message lands in the outbox; with an SMTP URL it is relayed to a real SMTP server
// (smtp-server, run here) and parsed back (mailparser) to check what arrived.
import { simpleParser, type ParsedMail } from "mailparser";
import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { EmailSchema } from "../../src/rules/schemas";
import { createMailer, documentMail, emailPdfVersions, MailInputError, MemoryOutbox, sendEmailAnswer } from "../../src/service/mail";
import { renderDocumentPdf } from "../../src/service/pdf";
import { sampleDocument, SAMPLE_COMPANY } from "../fixtures/files/sample-document";

interface Received {
  mail: ParsedMail;
  rcptTo: string[];
  user?: string;
}

/** A real SMTP server on a free port that keeps what it receives. */
async function startCatcher(extra: Partial<SMTPServerOptions> = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ mail, rcptTo: session.envelope.rcptTo.map((r) => r.address), user: session.user as string | undefined });
          callback();
        })
        .catch(callback);
    },
    ...extra,
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const pdfPromise = renderDocumentPdf({ family: "tax-invoices", doc: sampleDocument(3), company: SAMPLE_COMPANY, culture: "th" });

describe("mail", () => {
  test("without SMTP the message is kept in the outbox only, per company", async () => {
    const outbox = new MemoryOutbox();
    const mailer = createMailer({ outbox });
    const pdf = await pdfPromise;
    const entry = await mailer.send({
      companyId: 1, from: "demo@example.com", to: "a@example.com; b@example.com", subject: "ใบกำกับภาษี INV2026110001",
      text: "เรียนลูกค้า", attachments: [{ filename: "INV2026110001.pdf", content: pdf }],
    });
    expect(entry.relay).toEqual({ status: "disabled" });
    expect(entry.to).toEqual(["a@example.com", "b@example.com"]);
    expect(entry.attachments[0]).toMatchObject({ filename: "INV2026110001.pdf", contentType: "application/pdf", size: pdf.length });
    await mailer.send({ companyId: 2, from: "other@example.com", to: "c@example.com", subject: "x", text: "", attachments: [] });
    expect((await outbox.list(1)).map((e) => e.subject)).toEqual(["ใบกำกับภาษี INV2026110001"]);
    expect((await outbox.list(2)).map((e) => e.to)).toEqual([["c@example.com"]]);
    expect(await outbox.list(3)).toEqual([]);
  });

  test("with SMTP the message arrives intact: subject, recipients, text and the PDF byte for byte", async () => {
    const catcher = await startCatcher();
    try {
      const outbox = new MemoryOutbox();
      const mailer = createMailer({ outbox, smtpUrl: `smtp://127.0.0.1:${catcher.port}` });
      const pdf = await pdfPromise;
      const entry = await mailer.send({
        companyId: 1, from: "demo@example.com", to: ["buyer@example.com"], cc: "acc@example.com", bcc: "audit@example.com",
        subject: "ใบกำกับภาษี INV2026110001 / Tax invoice", text: "เรียนลูกค้า\nเอกสารแนบ", attachments: [{ filename: "INV2026110001.pdf", content: pdf }],
      });
      expect(entry.relay.status).toBe("sent");
      expect(catcher.received).toHaveLength(1);
      const { mail, rcptTo } = catcher.received[0];
      expect(mail.subject).toBe("ใบกำกับภาษี INV2026110001 / Tax invoice");
      expect(mail.from?.text).toBe("demo@example.com");
      expect(rcptTo.sort()).toEqual(["acc@example.com", "audit@example.com", "buyer@example.com"]);
      expect(JSON.stringify(mail.headers.get("bcc") ?? null)).toBe("null"); // bcc is not shown to recipients
      expect(mail.text?.trim()).toBe("เรียนลูกค้า\nเอกสารแนบ");
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments[0].filename).toBe("INV2026110001.pdf");
      expect(mail.attachments[0].contentType).toBe("application/pdf");
      expect(Buffer.compare(mail.attachments[0].content, pdf)).toBe(0);
      expect((await outbox.list(1))[0].relay.status).toBe("sent");
    } finally {
      await catcher.close();
    }
  });

  test("SMTP credentials from the URL are used for AUTH", async () => {
    const catcher = await startCatcher({
      authOptional: false,
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        if (auth.username === "mailer" && auth.password === "s3cret/pass") callback(null, { user: auth.username });
        else callback(new Error("Invalid username or password"));
      },
    });
    try {
      const ok = createMailer({ outbox: new MemoryOutbox(), smtpUrl: `smtp://mailer:${encodeURIComponent("s3cret/pass")}@127.0.0.1:${catcher.port}` });
      const sent = await ok.send({ companyId: 1, from: "demo@example.com", to: "x@example.com", subject: "auth", text: "", attachments: [] });
      expect(sent.relay.status).toBe("sent");
      expect(catcher.received[0].user).toBe("mailer");

      const outbox = new MemoryOutbox();
      const wrong = createMailer({ outbox, smtpUrl: `smtp://mailer:wrong-Secret-99@127.0.0.1:${catcher.port}` });
      const failed = await wrong.send({ companyId: 1, from: "demo@example.com", to: "x@example.com", subject: "auth", text: "", attachments: [] });
      expect(failed.relay.status).toBe("failed");
      expect(JSON.stringify(failed)).not.toContain("wrong-Secret-99");
      expect(await outbox.list(1)).toHaveLength(1); // kept although the relay failed
    } finally {
      await catcher.close();
    }
  });

  test("an unreachable SMTP server is recorded as a failed relay, the message is kept", async () => {
    const catcher = await startCatcher();
    const port = catcher.port;
    await catcher.close(); // nothing listens there any more
    const outbox = new MemoryOutbox();
    const mailer = createMailer({ outbox, smtpUrl: `smtp://user:Hidden-Pass-1@127.0.0.1:${port}`, timeoutMs: 3000 });
    const entry = await mailer.send({ companyId: 1, from: "demo@example.com", to: "x@example.com", subject: "s", text: "", attachments: [] });
    expect(entry.relay.status).toBe("failed");
    if (entry.relay.status === "failed") expect(entry.relay.error).toMatch(/ECONNREFUSED|connect/i);
    expect(JSON.stringify(entry)).not.toContain("Hidden-Pass-1");
    expect(await outbox.list(1)).toHaveLength(1);
  });

  test("bad addresses and a missing subject are refused before anything is sent", async () => {
    const outbox = new MemoryOutbox();
    const mailer = createMailer({ outbox });
    const base = { companyId: 1, from: "demo@example.com", to: "x@example.com", subject: "s", text: "", attachments: [] };
    await expect(mailer.send({ ...base, to: "not-an-address" })).rejects.toThrow(new MailInputError("to has an invalid e-mail address: not-an-address"));
    await expect(mailer.send({ ...base, to: "" })).rejects.toThrow("to is required");
    await expect(mailer.send({ ...base, cc: "x@example.com\r\nBcc: evil@example.com" })).rejects.toThrow(MailInputError);
    await expect(mailer.send({ ...base, subject: "  " })).rejects.toThrow("subject is required");
    expect(await outbox.list(1)).toEqual([]);
  });
});

describe("document e-mail body", () => {
  test("the email-document body becomes the message: cCMyself copies the sender, doCopy adds the copy pages", async () => {
    const body = EmailSchema.parse({
      documentId: 101, fromemail: "demo@example.com", toemail: "buyer@example.com, boss@example.com", ccEmail: "acc@example.com",
      bccEmail: "", subject: "ใบกำกับภาษี INV2026110001", message: "เรียนลูกค้า", cCMyself: true,
    });
    expect(emailPdfVersions(body)).toEqual(["original", "copy"]);
    expect(emailPdfVersions({ doCopy: false })).toEqual(["original"]);
    const pdf = await pdfPromise;
    const outbox = new MemoryOutbox();
    const entry = await createMailer({ outbox }).send(documentMail(body, { companyId: 1, pdf, fileName: "INV2026110001.pdf" }));
    expect(entry).toMatchObject({
      from: "demo@example.com", to: ["buyer@example.com", "boss@example.com"], cc: ["acc@example.com", "demo@example.com"], bcc: [],
      subject: "ใบกำกับภาษี INV2026110001", text: "เรียนลูกค้า",
    });
    expect(entry.attachments[0].content.equals(pdf)).toBe(true);
    expect(sendEmailAnswer(entry)).toEqual({ ok: true, message: "", successMsg: expect.stringContaining("buyer@example.com") });
    const notMe = documentMail({ ...body, cCMyself: false, ccEmail: undefined }, { companyId: 1, pdf, fileName: "x.pdf" });
    expect(notMe.cc).toBe("");
    expect(sendEmailAnswer({ ...entry, relay: { status: "failed", error: "boom" } })).toEqual({ ok: false, message: "The e-mail could not be relayed: boom", successMsg: "" });
  });
});
