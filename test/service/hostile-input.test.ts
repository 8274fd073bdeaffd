// Hostile input over real HTTP on the embedded store: numbers that overflow or round to nothing, text the
// store cannot keep, texts and lists over their limits, bodies too large or too deep, hostile query
// strings and LIKE wildcards. Each is refused with the envelope naming the field (never a 500), and
// nothing of it is stored.
import { connect } from "node:net";
import { MESSAGES, formatMessage } from "../../src/rules/messages";
import { oneStore } from "../helpers/service";
import { bodyFor, make } from "./flows-support";
import { expectValidation, serviceForFile, simpleBody, type Answer, type Client } from "./support";

jest.setTimeout(180_000);

const RANGE = "must be a number above -1,000,000,000,000 and below 1,000,000,000,000";
const UNSTORABLE = "must not contain control characters such as NUL (U+0000), other than tab and line breaks, or broken characters (unpaired surrogates)";
const TOO_DEEP = "The request body must not nest lists and objects more than 32 levels deep";
const TOO_LARGE = { status: false, message: "The request body must not exceed 2 MB", code: 413, data: null };
const LISTS = ["/quotations", "/purchase-orders", "/contacts", "/products", "/withholding-taxes"];

const contact = (contactName: string, extra: Record<string, unknown> = {}) => ({ contactName, contactGroup: 1, contactType: 3, ...extra });
const product = (name: string, code = "") => ({ name, code, type: 1 });

/** Sends a JSON text as it is (numbers such as 1e400 that JSON.stringify cannot write). */
const sendText = (api: Client, path: string, text: string, method = "POST"): Promise<Answer> =>
  api.raw(path, { method, headers: { "content-type": "application/json" }, body: text });

/** The validation answer names this field (its dotted path) with this message. */
function expectFieldError(a: Answer, path: string, message: string): void {
  expectValidation(a, message);
  expect(a.body.data.findings).toContainEqual({ path, message });
}

describe.each(oneStore("pglite"))("hostile input (%s)", (store) => {
  const ctx = serviceForFile(store);
  let demo: Client;
  beforeAll(() => {
    ({ demo } = ctx);
  });
  const total = async (path: string): Promise<number> => (await demo.get(`${path}?pageSize=1`)).body.data.total;

  describe("numbers", () => {
    it("refuses a quantity or price that overflows instead of storing 0", async () => {
      const before = await total("/quotations");
      expectFieldError(await demo.post("/quotations", simpleBody({}, { quantity: "1e400" })), "items.0.quantity", `quantity ${RANGE}`);
      expectFieldError(await demo.post("/quotations", simpleBody({}, { pricePerUnit: "-1e400" })), "items.0.pricePerUnit", `pricePerUnit ${RANGE}`);
      const raw = JSON.stringify(simpleBody({}, { quantity: 1 })).replace('"quantity":1', '"quantity":1e400');
      expectFieldError(await sendText(demo, "/quotations", raw), "items.0.quantity", `quantity ${RANGE}`);
      expectFieldError(await demo.post("/quotations", simpleBody({}, { quantity: 1e12 })), "items.0.quantity", `quantity ${RANGE}`);
      expect(await total("/quotations")).toBe(before);
    });

    it("refuses lines whose product is beyond the bound", async () => {
      const a = await demo.post("/quotations", simpleBody({ isVat: false, vatAmount: 0 }, { quantity: 1_000_000, pricePerUnit: 100_000_000 }));
      expectFieldError(a, "items.0.total", formatMessage(MESSAGES.computedOutOfRange, {
        field: "Line 1 total", value: "100,000,000,000,000.00", max: "1,000,000,000,000",
      }));
    });

    it("refuses a partial receipt whose amount overflows or rounds to 0.00", async () => {
      const invoice = await make(demo, "tax-invoices");
      const receipt = (partialAmount: unknown, grandTotal: unknown = 0) => ({
        isBatchDocument: true, partialPaymentMethod: 11, creditType: 3, grandTotal,
        items: [{ documentId: invoice.recordId, documentType: 7, partialAmount }],
      });
      const before = await total("/receipts");
      expectFieldError(await demo.post("/receipts", receipt("1e400")), "items.0.partialAmount", `partialAmount ${RANGE}`);
      for (const amount of [1e-300, 0.004]) {
        expectFieldError(await demo.post("/receipts", receipt(amount)), "items.0.partialAmount",
          formatMessage(MESSAGES.partialAmountRoundsToZero, { given: String(amount) }));
      }
      expect(await total("/receipts")).toBe(before);
      expect((await demo.post("/receipts", receipt(0.005, 0.01))).body.data.grandTotal).toBe(0.01);
    });

    it("refuses a payment of nothing", async () => {
      const invoice = await make(demo, "tax-invoices");
      for (const collected of [0, 0.004, -5]) {
        const a = await demo.post(`/tax-invoices/${invoice.recordId}/payment`, { paymentMethod: 1, paymentDate: "2026-11-15", collected });
        expectFieldError(a, "collected", MESSAGES.collectedPositive);
      }
    });
  });

  describe("text", () => {
    it("refuses NUL and unpaired surrogates in any text field, known or not, and in field names", async () => {
      const before = await total("/contacts");
      expectFieldError(await demo.post("/contacts", contact("Acme\u0000")), "contactName", `contactName ${UNSTORABLE}`);
      expectFieldError(await demo.post("/contacts", contact("Acme\ud800")), "contactName", `contactName ${UNSTORABLE}`);
      expectFieldError(await demo.post("/contacts", contact("Acme", { note: { lines: ["ok", "\udc00"] } })), "note.lines.1", `lines 2 ${UNSTORABLE}`);
      expectFieldError(await demo.post("/contacts", contact("Acme", { ["a\u0000"]: 1 })), "", `A field name ${UNSTORABLE}`);
      expect(await total("/contacts")).toBe(before);
      expectFieldError(await demo.post("/quotations", simpleBody({ remarks: "a\u0000b" })), "remarks", `remarks ${UNSTORABLE}`);
      expectFieldError(await demo.post("/quotations", simpleBody({}, { name: "\ud83d" })), "items.0.name", `name ${UNSTORABLE}`);
      // Right-to-left marks and emoji are text like any other.
      const kept = await demo.post("/contacts", contact("\u202eRTL\u202c Co. \u200f😀"));
      expect(kept.body.data.list[0].contactName).toBe("\u202eRTL\u202c Co. \u200f😀");
    });

    it("refuses texts and lists over their limits, naming the field and the limit", async () => {
      expectFieldError(await demo.post("/quotations", simpleBody({ remarks: "x".repeat(5001) })), "remarks", "remarks must be at most 5000 characters");
      expect((await demo.post("/quotations", simpleBody({ remarks: "x".repeat(5000) }))).http).toBe(200);
      expectFieldError(await demo.post("/contacts", contact("x".repeat(251))), "contactName", "contactName must be at most 250 characters");
      expectFieldError(await demo.post("/quotations", simpleBody({}, { unitName: "kilogram" })), "items.0.unitName", MESSAGES.unitNameTooLong);
      const lines = Array.from({ length: 501 }, () => ({ name: "A", quantity: 1, pricePerUnit: 1 }));
      const many = await demo.post("/quotations", simpleBody({ isVat: false, vatAmount: 0, totalAfterDiscount: 501, grandTotal: 501, items: lines }));
      expectFieldError(many, "items", "items must have at most 500 entries");
    });

    it("refuses a multipart file name the store cannot keep", async () => {
      const quotation = await make(demo, "quotations");
      const form = new FormData();
      form.append("file", new Blob([Buffer.from("%PDF-1.4\n%%EOF\n")]), "scan\u0000.pdf");
      const a = await demo.raw(`/quotations/${quotation.recordId}/attachment`, { method: "POST", body: form });
      expect(a.http).toBe(400);
      expect(a.body.data.validationErrors).toContain(`fileName ${UNSTORABLE}`);
    });

    it("documents the limits in the OpenAPI document", async () => {
      const doc = await (await fetch(`${ctx.svc.root}/openapi.json`)).json();
      const create = doc.paths["/quotations"].post.requestBody.content["application/json"].schema;
      expect(create.properties.remarks.maxLength).toBe(5000);
      expect(create.properties.contactName.maxLength).toBe(250);
      expect(create.properties.contactAddress.maxLength).toBe(500);
      expect(create.properties.items.maxItems).toBe(500);
      expect(create.properties.items.items.properties.unitName.maxLength).toBe(7);
      expect(create.properties.items.items.properties.description.maxLength).toBe(1000);
      const contactBody = doc.paths["/contacts"].post.requestBody.content["application/json"].schema;
      expect(contactBody.properties.contactNote.maxLength).toBe(5000);
      const search = doc.paths["/quotations"].get.parameters.find((p: { name: string }) => p.name === "searchString");
      expect(search.schema.maxLength).toBe(250);
    });
  });

  describe("bodies", () => {
    it("answers 413 with the envelope past 2 MB, whether the length is announced or not", async () => {
      const before = await total("/contacts");
      const a = await demo.post("/contacts", contact("x".repeat(5 * 1024 * 1024)));
      expect(a.http).toBe(413);
      expect(a.body).toEqual(TOO_LARGE);
      const body = JSON.stringify(contact("x".repeat(3 * 1024 * 1024)));
      const chunked = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(body));
          controller.close();
        },
      });
      const b = await demo.raw("/contacts", { method: "POST", headers: { "content-type": "application/json" }, body: chunked, duplex: "half" } as RequestInit);
      expect(b.http).toBe(413);
      expect(b.body).toEqual(TOO_LARGE);
      expect(await total("/contacts")).toBe(before);
    });

    it("takes a base64 attachment of 9 MB (12 MB of JSON): uploads have their own limit", async () => {
      const quotation = await make(demo, "quotations");
      const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(9 * 1024 * 1024, 0x20), Buffer.from("\n%%EOF\n")]);
      const a = await demo.post(`/quotations/${quotation.recordId}/attachment/base64`, { fileName: "big.pdf", fileType: "pdf", base64Data: pdf.toString("base64") });
      expect(a.http).toBe(200);
      expect(a.body.data).toHaveLength(1);
    });

    it("refuses a body nested 10,000 deep with a 400 envelope, at the top and inside a field", async () => {
      const deep = "[".repeat(10_000) + "]".repeat(10_000);
      expectFieldError(await sendText(demo, "/contacts", deep), "", TOO_DEEP);
      expectFieldError(await sendText(demo, "/contacts", `{"contactName":"Deep","contactGroup":1,"contactType":3,"x":${deep}}`), "", TOO_DEEP);
      expectFieldError(await sendText(demo, "/quotations", JSON.stringify(simpleBody()).replace('"items":[', `"x":${deep},"items":[`)), "", TOO_DEEP);
    });
  });

  describe("list queries", () => {
    it.each(LISTS)("%s refuses searchString with NUL or over 250 characters", async (path) => {
      expectFieldError(await demo.get(`${path}?searchString=%00`), "searchString", `searchString ${UNSTORABLE}`);
      expectFieldError(await demo.get(`${path}?searchString=${"a".repeat(251)}`), "searchString", "searchString must be at most 250 characters");
      expect((await demo.get(`${path}?searchString=%ED%A0%80`)).http).toBe(200); // not UTF-8: read as written
    });

    it("answers a query string past Node's 16 KB and a malformed request with the envelope", async () => {
      const long = await demo.get(`/contacts?searchString=${"a".repeat(20_000)}`);
      expect(long.http).toBe(431);
      expect(long.body).toEqual({ status: false, message: "The request line and headers must not exceed 16 KB", code: 431, data: null });
      const answer = await new Promise<string>((resolve, reject) => {
        const url = new URL(ctx.svc.origin);
        const socket = connect(Number(url.port), url.hostname, () => socket.end("NOT HTTP AT ALL\r\n\r\n"));
        let text = "";
        socket.on("data", (chunk) => (text += chunk.toString()));
        socket.on("close", () => resolve(text));
        socket.on("error", reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toEqual({ status: false, message: "Malformed HTTP request", code: 400, data: null });
      expect((await demo.get("/contacts?currentPage=1&pageSize=1")).http).toBe(200);
    });

    it("matches %, _ and \\ literally on contacts, products and documents", async () => {
      for (const name of ["100% Cotton Co.", "1000 Cotton Co.", "Under_score Ltd.", "UnderXscore Ltd.", "Back\\slash Ltd.", "Backslash Ltd."]) {
        expect((await demo.post("/contacts", contact(name))).http).toBe(200);
        expect((await demo.post("/products", product(name))).http).toBe(200);
        expect((await demo.post("/quotations", bodyFor("quotations", { contactName: name }))).http).toBe(200);
      }
      const names = async (path: string, search: string, field: string): Promise<string[]> =>
        (await demo.get(`${path}?pageSize=200&searchString=${encodeURIComponent(search)}`)).body.data.list.map((r: Record<string, string>) => r[field]);
      for (const [path, field] of [["/contacts", "contactName"], ["/products", "name"], ["/quotations", "contactName"]]) {
        expect(await names(path, "0%", field)).toEqual(["100% Cotton Co."]);
        expect(await names(path, "r_s", field)).toEqual(["Under_score Ltd."]);
        expect(await names(path, "k\\s", field)).toEqual(["Back\\slash Ltd."]);
      }
    });
  });
});
