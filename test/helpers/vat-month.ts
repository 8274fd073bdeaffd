// A month of mixed documents on the local service for the VAT report's tests (jobs, CLI, pane,
// browser): VAT and non-VAT, prices with and without VAT, an inline document with an exempt line,
// a receipt made from a tax invoice and one made from a billing note, a void tax invoice, and
// documents of other months. Answers what the report must show, from the service's own answers.
import type { DocSheetClient, DocumentRecord } from "../../src/api";
import type { Family } from "../../src/rules/codes";
import { upgradeBody } from "../../src/jobs/upgrade";
import { Decimal } from "../../src/rules/money";
import type { InlineDocumentBody, SimpleDocumentBody } from "../../src/rules/schemas/bodies";

export const EXPENSE_LINE = { description: "Taxi", systemCode: "EXP-TRAVEL", categoryId: 1, creditId: "21399", debitId: "53029" };

/** A simple one-line document of `amount`, VAT 7% exclusive, inclusive, or none. */
export function simpleDoc(date: string, name: string, amount: number, vat: "exclusive" | "inclusive" | "none", extra: Record<string, unknown> = {}): SimpleDocumentBody {
  const a = new Decimal(amount);
  const vatAmount = vat === "exclusive" ? a.times("0.07").toDecimalPlaces(2) : vat === "inclusive" ? a.times(7).dividedBy(107).toDecimalPlaces(2) : new Decimal(0);
  return {
    contactName: name, publishedOn: date, dueDate: date, isVat: vat !== "none", isVatInclusive: vat === "inclusive", documentStructureType: "SimpleDocument",
    items: [{ name: "Goods", description: "Goods", quantity: 1, pricePerUnit: amount, total: amount, ...(extra.expenseCategoryView ? EXPENSE_LINE : {}) }],
    subTotal: amount, discountAmount: 0, totalAfterDiscount: amount, vatAmount: vatAmount.toNumber(),
    grandTotal: vat === "exclusive" ? a.plus(vatAmount).toNumber() : amount,
    ...extra,
  };
}

export interface VatMonth {
  month: string;
  /** The documents the output-tax and input-tax reports must list, as the service holds them. */
  output: DocumentRecord[];
  input: DocumentRecord[];
  voided: DocumentRecord[];
  /** Documents that must not appear: non-VAT, other months, a receipt of a tax invoice. */
  excluded: DocumentRecord[];
}

const TAX_ID = "0105556000009";

/** Creates the month (March 2026) and its neighbours on the demo company. */
export async function seedVatMonth(client: DocSheetClient, tag = "VAT"): Promise<VatMonth> {
  const make = (family: Family, body: SimpleDocumentBody): Promise<DocumentRecord> => client.documents(family).create(body);
  const tiExclusive = await make("tax-invoices", simpleDoc("2026-03-03", `${tag} Exclusive Co`, 1000, "exclusive", { contactTaxId: TAX_ID, contactBranch: "สำนักงานใหญ่" }));
  const tiInclusive = await make("tax-invoices", simpleDoc("2026-03-10", `${tag} Inclusive Co`, 100, "inclusive", { contactTaxId: TAX_ID, contactBranch: "สาขา 2" }));
  const tiNoVat = await make("tax-invoices", simpleDoc("2026-03-11", `${tag} No VAT Co`, 500, "none"));
  const tiFebruary = await make("tax-invoices", simpleDoc("2026-02-27", `${tag} February Co`, 800, "exclusive"));
  const tiApril = await make("tax-invoices", simpleDoc("2026-04-01", `${tag} April Co`, 900, "exclusive"));
  const tiVoid = await make("tax-invoices", simpleDoc("2026-03-12", `${tag} Void Co`, 300, "exclusive"));
  await client.documents("tax-invoices").setStatus(tiVoid.recordId, "void");
  const cash = await client.documents("cash-invoices").createInline({
    contactName: `${tag} Cash Co`, publishedOn: "2026-03-15", dueDate: "2026-03-15", isVat: true, isVatInclusive: false, documentStructureType: "InlineDocument",
    useInlineDiscount: true, useInlineVat: true, discountType: 3,
    items: [
      { name: "Service", quantity: 1, pricePerUnit: 1000, discountAmount: 100, vatRate: 7, total: 900 },
      { name: "Book", quantity: 2, pricePerUnit: 50, discountAmount: 0, vatRate: -1, total: 100 },
    ],
    subTotal: 1100, discountAmount: 100, totalAfterDiscount: 1000, exemptAmount: 100, vatableAmount: 900, vatAmount: 63, grandTotal: 1063,
  });
  // A receipt of the exclusive tax invoice: its VAT is the invoice's, counted once.
  const source = await client.documents("tax-invoices").get(tiExclusive.recordId);
  const receiptOfInvoice = await client.documents("receipts").upgradeWithPayment(upgradeBody(source, "receipts", "2026-03-20", { paymentMethod: 1, paymentDate: "2026-03-20" }));
  // A receipt of a billing note is the tax invoice itself (receipt/tax invoice).
  const bl = await make("billing-notes", simpleDoc("2026-03-18", `${tag} Billed Co`, 2000, "exclusive", { contactTaxId: TAX_ID }));
  const receiptOfNote = await client.documents("receipts").upgrade(upgradeBody(await client.documents("billing-notes").get(bl.recordId), "receipts", "2026-03-21"));
  const purchase = await make("purchases", simpleDoc("2026-03-05", `${tag} Supplier Co`, 2000, "exclusive", { contactTaxId: TAX_ID, contactBranch: "00001" }));
  const purchaseNoVat = await make("purchases", simpleDoc("2026-03-06", `${tag} Market`, 150, "none"));
  const expense = await make("expenses", simpleDoc("2026-03-25", `${tag} Taxi Co`, 535, "inclusive", { expenseCategoryView: 3 }));
  const expenseMay = await make("expenses", simpleDoc("2026-05-02", `${tag} Later Taxi`, 107, "inclusive", { expenseCategoryView: 3 }));
  const get = (family: Family, d: DocumentRecord): Promise<DocumentRecord> => client.documents(family).get(d.recordId);
  return {
    month: "2026-03",
    output: [await get("tax-invoices", tiExclusive), await get("tax-invoices", tiInclusive), await get("cash-invoices", cash), await get("receipts", receiptOfNote)],
    input: [await get("purchases", purchase), await get("expenses", expense)],
    voided: [await get("tax-invoices", tiVoid)],
    excluded: [tiNoVat, tiFebruary, tiApril, receiptOfInvoice, purchaseNoVat, expenseMay],
  };
}

/** An inline document of `lines` [name, amount, vatRate], prices before VAT, VAT 7% of the 7% lines. */
export function inlineDoc(date: string, name: string, lines: readonly [string, number, 7 | 0 | -1][], extra: Record<string, unknown> = {}): InlineDocumentBody {
  const sum = (rates: number[]) => lines.filter(([, , r]) => rates.includes(r)).reduce((s, [, a]) => s.plus(a), new Decimal(0));
  const all = sum([7, 0, -1]);
  const exempt = sum([0, -1]);
  const vatAmount = sum([7]).times("0.07").toDecimalPlaces(2);
  return {
    contactName: name, publishedOn: date, dueDate: date, isVat: true, isVatInclusive: false, documentStructureType: "InlineDocument",
    useInlineDiscount: true, useInlineVat: true, discountType: 3,
    items: lines.map(([n, amount, vatRate]) => ({ name: n, quantity: 1, pricePerUnit: amount, discountAmount: 0, vatRate, total: amount, ...(extra.expenseCategoryView ? EXPENSE_LINE : {}) })),
    subTotal: all.toNumber(), discountAmount: 0, totalAfterDiscount: all.toNumber(), exemptAmount: exempt.toNumber(),
    vatableAmount: all.minus(exempt).toNumber(), vatAmount: vatAmount.toNumber(), grandTotal: all.plus(vatAmount).toNumber(),
    ...extra,
  };
}

export interface ZeroRatedMonth {
  month: string;
  /** All lines at 0%; lines at 7%, 0% and exempt; all lines exempt (in no report). */
  zeroRated: DocumentRecord;
  mixed: DocumentRecord;
  exemptOnly: DocumentRecord;
  /** A purchase with lines at 7%, 0% and exempt. */
  purchase: DocumentRecord;
}

/** August 2026: inline tax invoices at 0%, mixed and exempt only, and a mixed purchase. */
export async function seedZeroRatedMonth(client: DocSheetClient, tag = "ZR"): Promise<ZeroRatedMonth> {
  const make = (family: Family, body: InlineDocumentBody): Promise<DocumentRecord> => client.documents(family).createInline(body);
  return {
    month: "2026-08",
    zeroRated: await make("tax-invoices", inlineDoc("2026-08-04", `${tag} Export Co`, [["Export goods", 5000, 0]], { contactTaxId: TAX_ID })),
    mixed: await make("tax-invoices", inlineDoc("2026-08-10", `${tag} Mixed Co`, [["Service", 2000, 7], ["Export goods", 1000, 0], ["Book", 500, -1]])),
    exemptOnly: await make("tax-invoices", inlineDoc("2026-08-12", `${tag} Exempt Co`, [["Fresh fruit", 1200, -1]])),
    purchase: await make("purchases", inlineDoc("2026-08-15", `${tag} Supplier Co`, [["Parts", 1000, 7], ["Imported parts", 300, 0], ["Rice", 200, -1]])),
  };
}

/** Σ of a field over documents, as decimal text with two places. */
export function total(docs: readonly DocumentRecord[], field: string): string {
  return docs.reduce((s, d) => s.plus(new Decimal(Number(d[field]))), new Decimal(0)).toFixed(2);
}
