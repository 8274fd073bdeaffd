// Helpers of the upgrade, payment and partial-receipt tests: documents made over HTTP, the
// reference of a document as an upgrade names it, and payment bodies.
import { FAMILY_INFO, type Family } from "../../src/rules/codes";
import { EXPENSE_LINE, simpleBody, type Client } from "./support";

export type Doc = Record<string, any>;

export const bodyFor = (family: Family, overrides: Record<string, unknown> = {}) =>
  simpleBody(overrides, family === "expenses" ? EXPENSE_LINE : {});

/** An inline body: 2 × 500 − 10 at 7 % and 100 exempt (grand total 1159.30). */
export const inlineBodyFor = (family: Family, overrides: Record<string, unknown> = {}) => {
  const extra = family === "expenses" ? EXPENSE_LINE : {};
  return {
    contactName: "Acme Trading Co., Ltd.", publishedOn: "2026-11-11", totalAfterDiscount: 1090, grandTotal: 1159.3,
    items: [
      { name: "A", quantity: 2, pricePerUnit: 500, discountAmount: 10, vatRate: 7, ...extra },
      { name: "B", quantity: 1, pricePerUnit: 100, vatRate: -1, ...extra },
    ],
    ...overrides,
  };
};

export async function make(api: Client, family: Family, overrides: Record<string, unknown> = {}): Promise<Doc> {
  const a = await api.post(`/${family}`, bodyFor(family, overrides));
  if (a.http !== 200) throw new Error(`create ${family} failed: ${JSON.stringify(a.body)}`);
  return a.body.data;
}

export async function read(api: Client, family: Family, id: number): Promise<Doc> {
  const a = await api.get(`/${family}/${id}`);
  if (a.http !== 200) throw new Error(`read ${family} ${id} failed: ${JSON.stringify(a.body)}`);
  return a.body.data.list[0];
}

export const referenceTo = (doc: Doc) => ({ recordId: doc.recordId, referenceDocumentSerial: doc.documentSerial, referenceDocumentType: doc.documentType });

/** The link a source and its destination both show. */
export const linkOf = (source: Doc, destination: Doc, type: number) => ({
  referenceId: source.recordId, referenceDocumentType: source.documentType, referenceDocumentSerial: source.documentSerial,
  documentId: destination.recordId, documentType: destination.documentType, documentSerial: destination.documentSerial, type,
});

export const CASH = { paymentMethod: 1, paymentDate: "2026-11-15", collected: 1070 };

/** The family a source of an upgrade into `family` is made in (the first type it may come from). */
export function sourceFamilyOf(family: Family): Family {
  const type = FAMILY_INFO[family].upgradeFrom[0];
  return (Object.keys(FAMILY_INFO) as Family[]).find((f) => FAMILY_INFO[f].documentType === type)!;
}
