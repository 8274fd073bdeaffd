// Upgrades over real HTTP on the embedded store: every /upgrade/... route of the route table (simple,
// inline, with payment), the quirk path /receipts/inline, the links both documents show, the
// source's processed state, and every refusal (missing, foreign, mismatched, closed sources).
import { DOCUMENT_ROUTES, type DocumentOperation } from "../../src/api/routes";
import { FAMILIES, FAMILY_INFO, REFERENCE_KIND, type Family } from "../../src/rules/codes";
import { MESSAGES, formatMessage } from "../../src/rules/messages";
import { oneStore } from "../helpers/service";
import { serviceForFile, expectValidation, type Client } from "./support";
import { CASH, bodyFor, inlineBodyFor, linkOf, make, read, referenceTo, sourceFamilyOf, type Doc } from "./flows-support";

jest.setTimeout(180_000);

const OPS: ReadonlyArray<[DocumentOperation, "simple" | "inline", boolean]> = [
  ["upgrade", "simple", false], ["upgradeInline", "inline", false],
  ["upgradeWithPayment", "simple", true], ["upgradeInlineWithPayment", "inline", true],
];
const CASES = FAMILIES.flatMap((family) => OPS.filter(([op]) => DOCUMENT_ROUTES[family][op]).map(([op, structure, paid]) => ({ family, op, structure, paid })));

describe.each(oneStore("pglite"))("upgrades (%s)", (store) => {
  const ctx = serviceForFile(store);
  let demo: Client;
  let other: Client;
  beforeAll(() => {
    ({ demo, other } = ctx);
  });

  const bodyOf = (family: Family, structure: "simple" | "inline", paid: boolean, source: Doc, extra: Record<string, unknown> = {}) => {
    const base = structure === "inline" ? inlineBodyFor(family) : bodyFor(family);
    const payment = paid ? { ...CASH, collected: base.grandTotal } : {};
    return { ...base, ...payment, documentReference: [referenceTo(source)], ...extra };
  };

  it("covers every upgrade route of the route table", () => {
    expect(CASES.map((c) => `${c.family} ${c.op}`)).toHaveLength(20);
  });

  it.each(CASES)("$family $op: the new document, the link on both, the source processed", async ({ family, op, structure, paid }) => {
    const sourceFamily = sourceFamilyOf(family);
    const source = await make(demo, sourceFamily);
    const route = DOCUMENT_ROUTES[family][op]!;
    const a = await demo.post(route.path, bodyOf(family, structure, paid, source));
    expect(a.http).toBe(200);
    const made = a.body.data;
    expect(made).toMatchObject({
      documentType: FAMILY_INFO[family].documentType, statusString: paid ? "paid" : "awaiting",
      documentStructureType: structure === "inline" ? "InlineDocument" : "SimpleDocument",
    });
    expect(made.documentSerial.startsWith(FAMILY_INFO[family].serialPrefix)).toBe(true);
    expect(made.documentReference).toBeUndefined();
    const link = linkOf(source, made, REFERENCE_KIND.ImportDocument);
    expect(made.referencedByMe).toEqual([link]);
    expect(made.referencedToMe).toEqual([]);
    if (paid) expect(made.payments).toMatchObject({ paymentMethod: 1, collected: made.grandTotal, paymentDate: CASH.paymentDate });
    else expect(made.payments).toBeNull();

    expect(await read(demo, family, made.recordId)).toEqual(made);
    const after = await read(demo, sourceFamily, source.recordId);
    expect(after.referencedToMe).toEqual([link]);
    expect(after.statusString).toBe(FAMILY_INFO[sourceFamily].processedStatus ?? "awaiting");
    expect(after.allowDelete).toBe(after.statusString === "awaiting");
  });

  it("answers the inline receipt upgrade on the quirk path POST /receipts/inline too", async () => {
    const invoice = await make(demo, "tax-invoices");
    const a = await demo.post("/receipts/inline", bodyOf("receipts", "inline", false, invoice));
    expect(a.http).toBe(200);
    expect(a.body.data).toMatchObject({ documentType: 9, documentStructureType: "InlineDocument", grandTotal: 1159.3 });
    expect(a.body.data.referencedByMe).toEqual([linkOf(invoice, a.body.data, REFERENCE_KIND.ImportDocument)]);
  });

  it("receipts upgrade from a billing note as well as a tax invoice; a source may be upgraded again", async () => {
    const note = await make(demo, "billing-notes");
    const first = await demo.post("/upgrade/receipts", bodyOf("receipts", "simple", false, note));
    const second = await demo.post("/upgrade/tax-invoices", bodyOf("tax-invoices", "simple", false, note));
    expect([first.http, second.http]).toEqual([200, 200]);
    const after = await read(demo, "billing-notes", note.recordId);
    expect(after.statusString).toBe("approvedandprocessed");
    expect(after.referencedToMe.map((r: Doc) => r.documentType)).toEqual([9, 7]);
  });

  it("links one document to several sources named together", async () => {
    const [q1, q2] = [await make(demo, "quotations"), await make(demo, "quotations")];
    const a = await demo.post("/upgrade/billing-notes", { ...bodyFor("billing-notes"), documentReference: [referenceTo(q2), referenceTo(q1), referenceTo(q1)] });
    expect(a.http).toBe(200);
    expect(a.body.data.referencedByMe.map((r: Doc) => r.referenceId)).toEqual([q1.recordId, q2.recordId]);
  });

  it("requires documentReference", async () => {
    expectValidation(await demo.post("/upgrade/billing-notes", bodyFor("billing-notes")), MESSAGES.upgradeReferenceRequired);
    expectValidation(await demo.post("/upgrade/billing-notes", { ...bodyFor("billing-notes"), documentReference: [] }), MESSAGES.upgradeReferenceRequired);
  });

  it("refuses a source type the family cannot be upgraded from (rules)", async () => {
    const invoice = await make(demo, "tax-invoices");
    expectValidation(await demo.post("/upgrade/billing-notes", bodyOf("billing-notes", "simple", false, invoice)),
      formatMessage(MESSAGES.upgradeReferenceType, { given: 7, family: "billing-notes", allowed: "3" }));
  });

  /** A refused upgrade leaves everything as it was: no new document, the source untouched. */
  async function expectNothingChanged(source: Doc, sourceFamily: Family, family: Family, before: number) {
    expect(await read(demo, sourceFamily, source.recordId)).toEqual(source);
    expect(await countOf(family)).toBe(before);
  }
  const countOf = async (family: Family) => (await demo.get(DOCUMENT_ROUTES[family].list!.path)).body.data.total as number;

  it("refuses a source that does not exist or belongs to another company, and changes nothing", async () => {
    const theirs = await make(other, "quotations");
    const before = await countOf("billing-notes");
    const foreign = await demo.post("/upgrade/billing-notes", bodyOf("billing-notes", "simple", false, theirs));
    expectValidation(foreign, formatMessage(MESSAGES.upgradeSourceNotFound, { recordId: theirs.recordId }));
    expect((await read(other, "quotations", theirs.recordId)).statusString).toBe("awaiting");
    const missing = await demo.post("/upgrade/billing-notes", bodyOf("billing-notes", "simple", false, { ...theirs, recordId: 987654321 }));
    expectValidation(missing, formatMessage(MESSAGES.upgradeSourceNotFound, { recordId: 987654321 }));
    expect(await countOf("billing-notes")).toBe(before);
  });

  it("refuses a serial or type that does not match the source, and changes nothing", async () => {
    const q = await make(demo, "quotations");
    const note = await make(demo, "billing-notes");
    const before = await countOf("billing-notes");
    const wrongSerial = await demo.post("/upgrade/billing-notes", bodyOf("billing-notes", "simple", false, { ...q, documentSerial: "QT0000000001" }));
    expectValidation(wrongSerial, formatMessage(MESSAGES.upgradeSourceMismatch, {
      recordId: q.recordId, type: 3, serial: q.documentSerial, givenType: 3, givenSerial: "QT0000000001",
    }));
    // A billing note named as a quotation: the type allowed, the document not what it says.
    const wrongType = await demo.post("/upgrade/tax-invoices", bodyOf("tax-invoices", "simple", false, { ...note, documentType: 3 }));
    expectValidation(wrongType, formatMessage(MESSAGES.upgradeSourceMismatch, {
      recordId: note.recordId, type: 5, serial: note.documentSerial, givenType: 3, givenSerial: note.documentSerial,
    }));
    await expectNothingChanged(q, "quotations", "billing-notes", before);
  });

  it("refuses a void or rejected source", async () => {
    const q = await make(demo, "quotations");
    await demo.post(`/quotations/${q.recordId}/status/rejected`);
    const rejected = await read(demo, "quotations", q.recordId);
    expectValidation(await demo.post("/upgrade/billing-notes", bodyOf("billing-notes", "simple", false, q)),
      formatMessage(MESSAGES.upgradeSourceState, { serial: q.documentSerial, status: "rejected" }));
    const po = await make(demo, "purchases-orders");
    await demo.post(`/purchases-orders/${po.recordId}/status/void`);
    expectValidation(await demo.post("/upgrade/purchases", bodyOf("purchases", "simple", false, po)),
      formatMessage(MESSAGES.upgradeSourceState, { serial: po.documentSerial, status: "void" }));
    expect(await read(demo, "quotations", q.recordId)).toEqual(rejected);
  });

  it("upgrades with payment check the payment fields and channels; a refusal changes nothing", async () => {
    const q = await make(demo, "quotations");
    const before = await countOf("tax-invoices");
    expectValidation(await demo.post("/upgrade/tax-invoices/with-payment", bodyOf("tax-invoices", "simple", true, q, { paymentMethod: 5 })),
      MESSAGES.paymentTransferBankAccountId);
    expectValidation(await demo.post("/upgrade/tax-invoices/with-payment", bodyOf("tax-invoices", "simple", true, q, { paymentMethod: 5, bankAccountId: 999999 })),
      formatMessage(MESSAGES.paymentChannelNotConfigured, { method: "Transfer", field: "bankAccountId" }));
    await expectNothingChanged(q, "quotations", "tax-invoices", before);
  });

  it("applies the simple-document VAT rules on upgrades with payment only", async () => {
    const bad = { isVat: false, isVatInclusive: true };
    const a = await demo.post("/upgrade/billing-notes", bodyOf("billing-notes", "simple", false, await make(demo, "quotations"), bad));
    expect(a.http).toBe(200);
    expectValidation(await demo.post("/upgrade/receipts/with-payment", bodyOf("receipts", "simple", true, await make(demo, "tax-invoices"), bad)), MESSAGES.vatCombination);
  });
});
