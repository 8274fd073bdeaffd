// Share links over real HTTP on the embedded store: POST {family}/sharedocument answers {link} on this
// service; the link opens the document as a web page without a token (and its PDF); links are
// 256-bit tokens (guesses and malformed tokens are 404 without a lookup), one per document and
// culture, and deleting the document revokes them.
import { FAMILIES, type Family } from "../../src/rules/codes";
import { oneStore } from "../helpers/service";
import { serviceForFile, simpleBody, EXPENSE_LINE, type Client } from "./support";
import { pdfText } from "./pdf-readback";

jest.setTimeout(120_000);

const CREATABLE = FAMILIES.filter((f) => f !== "receipts");

describe.each(oneStore("pglite"))("share links over HTTP (%s)", (store) => {
  const ctx = serviceForFile(store);
  let demo: Client;
  let other: Client;
  beforeAll(() => ({ demo, other } = ctx));

  const create = async (family: Family, overrides: Record<string, unknown> = {}) => {
    const a = await demo.post(`/${family}`, simpleBody(overrides, family === "expenses" ? EXPENSE_LINE : {}));
    if (a.http !== 200) throw new Error(JSON.stringify(a.body));
    return a.body.data as { recordId: number; documentSerial: string };
  };
  const share = (family: Family, body: unknown, api = demo) => api.post(`/${family}/sharedocument`, body);

  it("answers a link on the service that shows the document without a token", async () => {
    const doc = await create("quotations", { contactName: "<script>alert(1)</script> Co.", projectName: "Fit-out" });
    const a = await share("quotations", { documentId: doc.recordId });
    expect(a.http).toBe(200);
    expect(a.body).toMatchObject({ status: true, code: 0 });
    const link: string = a.body.data.link;
    expect(link).toMatch(new RegExp(`^${ctx.svc.origin}/share/[A-Za-z0-9_-]{43}$`));
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await page.text();
    expect(html).toContain(doc.documentSerial);
    expect(html).toContain("ใบเสนอราคา");
    expect(html).toContain("Fit-out");
    expect(html).toContain("Demo Co., Ltd.");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Co.");
    expect(html).not.toContain("<script>");
    const pdf = await fetch(`${link}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(await pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain(doc.documentSerial);
  });

  it("one link per document and culture; English pages in English", async () => {
    const doc = await create("tax-invoices");
    const th1 = (await share("tax-invoices", { documentId: doc.recordId })).body.data.link;
    const th2 = (await share("tax-invoices", { documentId: doc.recordId, culture: "th" })).body.data.link;
    const en = (await share("tax-invoices", { documentId: doc.recordId, culture: "en" })).body.data.link;
    expect(th2).toBe(th1);
    expect(en).not.toBe(th1);
    const html = await (await fetch(en)).text();
    expect(html).toContain('lang="en"');
    expect(html).toMatch(/Tax invoice/i);
  });

  it("cannot be guessed: unknown, malformed and path-like tokens are 404", async () => {
    const doc = await create("billing-notes");
    const link: string = (await share("billing-notes", { documentId: doc.recordId })).body.data.link;
    const token = link.slice(link.lastIndexOf("/") + 1);
    const flipped = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    for (const path of [`/share/${flipped}`, "/share/1", `/share/${token}x`, "/share/%2e%2e%2fetc", `/share/${"A".repeat(43)}/pdf`]) {
      expect((await fetch(`${ctx.svc.origin}${path}`)).status).toBe(404);
    }
    const tokens = new Set<string>();
    for (const family of CREATABLE) {
      const d = await create(family);
      const l = (await share(family, { documentId: d.recordId })).body.data.link as string;
      tokens.add(l.slice(l.lastIndexOf("/") + 1));
      expect((await fetch(l)).status).toBe(200);
    }
    expect(tokens.size).toBe(CREATABLE.length);
  });

  it("deleting the document revokes its links", async () => {
    const doc = await create("purchases-orders");
    const link: string = (await share("purchases-orders", { documentId: doc.recordId })).body.data.link;
    expect((await fetch(link)).status).toBe(200);
    expect((await demo.del(`/purchases-orders/${doc.recordId}`)).http).toBe(200);
    expect((await fetch(link)).status).toBe(404);
    expect((await fetch(`${link}/pdf`)).status).toBe(404);
    expect((await share("purchases-orders", { documentId: doc.recordId })).http).toBe(404);
  });

  it("only the caller's documents of that family; bad bodies are validation answers; a token is needed", async () => {
    const doc = await create("expenses");
    expect((await share("expenses", { documentId: doc.recordId }, other)).http).toBe(404);
    expect((await share("quotations", { documentId: doc.recordId })).http).toBe(404);
    for (const body of [{}, { documentId: "x" }, { documentId: doc.recordId, culture: "fr" }]) {
      const a = await share("expenses", body);
      expect(a.http).toBe(400);
      expect(a.body.code).toBe(207400);
    }
    const anon = await fetch(`${ctx.svc.root}/expenses/sharedocument`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ documentId: doc.recordId }) });
    expect(anon.status).toBe(401);
  });
});
