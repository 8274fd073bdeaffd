// E-mail of documents over real HTTP on the embedded store: the PDF (original, and the copy unless doCopy is
// false) goes into the outbox, readable at the sandbox-only GET /test/outbox (404 under /v1), and
// is relayed to a real SMTP server (smtp-server + mailparser) when the service has SMTP_URL.
import { simpleParser, type ParsedMail } from "mailparser";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { oneStore } from "../helpers/service";
import { serviceForFile, simpleBody, type Client } from "./support";
import { pdfPages, pdfText } from "./pdf-readback";

jest.setTimeout(120_000);

const received: Array<{ mail: ParsedMail; rcptTo: string[] }> = [];
let smtp: SMTPServer;
let smtpPort = 0;
beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true, disabledCommands: ["STARTTLS"], logger: false,
    onData(stream, session, done) {
      simpleParser(stream).then((mail) => {
        received.push({ mail, rcptTo: session.envelope.rcptTo.map((r) => r.address) });
        done();
      }, done);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const mailBody = (documentId: number, extra: Record<string, unknown> = {}) => ({
  documentId, fromemail: "accounts@demo.example", toemail: "buyer@customer.example", subject: "ใบกำกับภาษี / Tax invoice",
  message: "เรียนลูกค้า\nPlease find the invoice attached.", ...extra,
});

describe.each(oneStore("pglite"))("e-mail over HTTP (%s)", (store) => {
  const plain = serviceForFile(store);
  beforeAll(() => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
  });
  const relayed = serviceForFile(store);
  beforeAll(() => {
    delete process.env.SMTP_URL;
  });

  const invoice = async (api: Client): Promise<{ id: number; serial: string }> => {
    const a = await api.post("/tax-invoices", simpleBody());
    if (a.http !== 200) throw new Error(JSON.stringify(a.body));
    return { id: a.body.data.recordId, serial: a.body.data.documentSerial };
  };
  const outbox = async (api: Client) => (await api.get("/outbox?pageSize=200")).body.data;

  it("without SMTP: kept in the outbox with the PDF (original and copy), cc to the sender by default", async () => {
    const { id, serial } = await invoice(plain.demo);
    const a = await plain.demo.post("/tax-invoices/email-document", mailBody(id, { ccEmail: "boss@demo.example" }));
    expect(a.http).toBe(200);
    expect(a.body.data).toEqual({ ok: true, message: "", successMsg: expect.stringContaining("buyer@customer.example") });
    const box = await outbox(plain.demo);
    const [entry] = box.list;
    expect(entry).toMatchObject({
      documentId: id, from: "accounts@demo.example", to: ["buyer@customer.example"], cc: ["boss@demo.example", "accounts@demo.example"],
      subject: "ใบกำกับภาษี / Tax invoice", text: "เรียนลูกค้า\nPlease find the invoice attached.", relay: { status: "disabled" },
    });
    expect(entry.attachments).toHaveLength(1);
    expect(entry.attachments[0]).toMatchObject({ filename: `${serial}.pdf`, contentType: "application/pdf" });
    const pdf = Buffer.from(entry.attachments[0].base64, "base64");
    expect(entry.attachments[0].size).toBe(pdf.length);
    expect(await pdfText(pdf)).toContain(serial);
    expect(await pdfPages(pdf)).toBe(2);
  });

  it("doCopy false sends the original only; cCMyself false leaves the sender out; English on request", async () => {
    const { id } = await invoice(plain.demo);
    const a = await plain.demo.post("/tax-invoices/email-document", mailBody(id, { doCopy: false, cCMyself: false, culture: "en", bccEmail: "audit@demo.example" }));
    expect(a.http).toBe(200);
    const [entry] = (await outbox(plain.demo)).list;
    expect(entry).toMatchObject({ documentId: id, cc: [], bcc: ["audit@demo.example"] });
    const pdf = Buffer.from(entry.attachments[0].base64, "base64");
    expect(await pdfPages(pdf)).toBe(1);
    expect(await pdfText(pdf)).toMatch(/Tax invoice/i);
  });

  it("refuses bad bodies with validation answers and unknown documents with 404", async () => {
    const { id } = await invoice(plain.demo);
    const before = (await outbox(plain.demo)).total;
    for (const body of [mailBody(id, { toemail: "not an address" }), mailBody(id, { subject: undefined }), { documentId: id }]) {
      const a = await plain.demo.post("/tax-invoices/email-document", body);
      expect(a.http).toBe(400);
      expect(a.body.code).toBe(207400);
    }
    expect((await plain.demo.post("/quotations/email-document", mailBody(id))).http).toBe(404);
    expect((await plain.other.post("/tax-invoices/email-document", mailBody(id))).http).toBe(404);
    expect((await outbox(plain.demo)).total).toBe(before);
  });

  it("the outbox is per company and sandbox only (404 under /v1)", async () => {
    expect((await outbox(plain.other)).list.every((e: any) => e.from !== "accounts@demo.example")).toBe(true);
    const v1 = await fetch(`${plain.svc.origin}/v1/outbox`, { headers: { authorization: (await authHeader(plain.svc.root)) } });
    expect(v1.status).toBe(404);
    expect((await fetch(`${plain.svc.root}/outbox`)).status).toBe(401);
  });

  it("with SMTP_URL: relayed to the SMTP server, the PDF arriving byte for byte, and kept in the outbox", async () => {
    const { id, serial } = await invoice(relayed.demo);
    const a = await relayed.demo.post("/tax-invoices/email-document", mailBody(id, { toemail: "one@customer.example; two@customer.example" }));
    expect(a.http).toBe(200);
    expect(a.body.data).toEqual({ ok: true, message: "", successMsg: "Sent to one@customer.example, two@customer.example" });
    const [entry] = (await outbox(relayed.demo)).list;
    expect(entry.relay).toMatchObject({ status: "sent", accepted: ["one@customer.example", "two@customer.example", "accounts@demo.example"] });
    const got = received.find((r) => r.mail.messageId === entry.relay.messageId);
    expect(got).toBeDefined();
    expect(got!.mail.subject).toBe("ใบกำกับภาษี / Tax invoice");
    expect(got!.mail.attachments[0].filename).toBe(`${serial}.pdf`);
    expect(got!.rcptTo.sort()).toEqual(["accounts@demo.example", "one@customer.example", "two@customer.example"]);
    expect(got!.mail.text?.trim()).toBe("เรียนลูกค้า\nPlease find the invoice attached.");
    expect(got!.mail.attachments[0].contentType).toBe("application/pdf");
    expect(got!.mail.attachments[0].content.equals(Buffer.from(entry.attachments[0].base64, "base64"))).toBe(true);
  });
});

async function authHeader(root: string): Promise<string> {
  const r = await fetch(`${root}/token`, {
    method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "client_credentials", client_id: "demo", client_secret: "demo-secret", scope: "flowaccount-api" }),
  });
  return `Bearer ${((await r.json()) as { access_token: string }).access_token}`;
}
