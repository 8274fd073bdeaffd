// Each family's sample rows, in one place, for the family suite (promises-*.test.ts): a sheet of n
// records tagged `${prefix}-${i}`, as an accountant would type them (the CLI's and the pane's
// headers), and how a record on the service tells which of them it is. Keyed by family name, so a
// family added to the registry without a sample fails to type-check here.
import type { DocSheetClient } from "../../src/api";
import type { SheetFamily } from "../../src/rules/codes";
import type { Json } from "../../src/rules/json";

export interface Sample {
  sheet: string;
  header: string[];
  /** The sheet rows of record i (1-based): one row, or more for a voucher's lines. `variant` other
   * than 0 gives the same identity (key, code, name) with other fields. */
  rows(prefix: string, i: number, variant?: number): unknown[][];
  /** The tag (`${prefix}-${i}`) of a record of the family as the service lists it, if any. */
  tagOf(record: Json): string | undefined;
  /** Whether the record counts as live (not voided or cancelled). */
  live(record: Json): boolean;
  /** A column and a value that spoil a record's first row: one error, at that cell. */
  bad: [column: string, value: unknown];
  /** What must be on the service before the rows can post (receipts: the invoices they settle);
   * called once per prefix with the number of records. */
  before?(client: DocSheetClient, prefix: string, n: number): Promise<void>;
  /** Makes posted records editable where the service edits only awaiting ones and a post leaves
   * them otherwise (a certificate is issued processed). */
  editable?(client: DocSheetClient, ids: readonly number[]): Promise<void>;
}

const text = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const notVoid = (r: Json): boolean => !/void|cancel/i.test(text(r.statusString ?? r.status));
const DATE = "2026-03-02";

/** A document family's one-line documents, tagged by their reference, to a contact of the prefix's
 * made beforehand (so the race and the kill are about the family's own records). */
function documents(extraHeader: string[] = [], extra: () => unknown[] = () => [], also?: (client: DocSheetClient) => Promise<void>): Sample {
  return {
    sheet: "Documents",
    header: ["documentKey", "contactName", "publishedOn", "isVat", "reference", "item.name", "item.quantity", "item.pricePerUnit", ...extraHeader],
    rows: (prefix, i, variant = 0) => [[`${prefix}-${i}`, `${prefix} customer`, DATE, true, `${prefix}-${i}`, "Widget", 1, 100 + i + variant * 7, ...extra()]],
    tagOf: (r) => text(r.reference) || undefined,
    live: notVoid,
    bad: ["item.quantity", "abc"],
    async before(client, prefix) {
      await client.contacts.create({ contactName: `${prefix} customer`, contactType: 3, contactGroup: 3 } as never);
      await also?.(client);
    },
  };
}

/** The company's travel category's id (expenses), read by their sample's `before`. */
let travel = 0;

/** The tax invoice each receipt settles part of, by prefix and i. */
const invoicesFor = new Map<string, number[]>();

export const SAMPLES: Readonly<Record<SheetFamily, Sample>> = {
  "quotations": documents(),
  "billing-notes": documents(),
  "tax-invoices": documents(),
  "cash-invoices": documents(),
  "purchases-orders": documents(),
  "purchases": documents(),
  // The company's own travel category: an id typed beside its system code that is not the
  // category's is replaced by the service, and an update would find it changed for good.
  "expenses": documents(["item.description", "item.systemCode", "item.categoryId", "item.creditId", "item.debitId"], () => ["Taxi", 1001, travel, "21399", "53029"], async (client) => {
    travel = (await client.expenseCategories.business()).find((c) => Number(c.systemCode) === 1001)?.id as number;
  }),
  // A receipt is made against a tax invoice (a partial receipt): one invoice per record.
  "receipts": {
    sheet: "Receipts",
    // Its own remarks: what an update of its pulled sheet can change (its customer is the invoice's).
    header: ["documentKey", "publishedOn", "reference", "remarks", "item.documentId", "item.partialAmount"],
    rows: (prefix, i, variant = 0) => [[`${prefix}-${i}`, DATE, `${prefix}-${i}`, `${prefix} note ${i}`, invoicesFor.get(prefix)![i - 1], 100 + variant * 7]],
    tagOf: (r) => text(r.reference) || undefined,
    live: notVoid,
    bad: ["item.partialAmount", "abc"],
    async before(client, prefix, n) {
      const ids: number[] = [];
      for (let i = 1; i <= n; i++) {
        const made = await client.documents("tax-invoices").create({
          contactName: `${prefix} customer`, publishedOn: DATE, isVat: true, isVatInclusive: false,
          items: [{ name: "Widget", quantity: 1, pricePerUnit: 1000, total: 1000 }], subTotal: 1000, discountAmount: 0, totalAfterDiscount: 1000, vatAmount: 70, grandTotal: 1070,
        } as never);
        ids.push(made.recordId);
      }
      invoicesFor.set(prefix, ids);
    },
  },
  "withholding-taxes": {
    sheet: "Certificates",
    header: ["Document key", "Payee", "Tax id", "Branch", "Date paid", "Income type", "Tax rate %", "Income paid", "Tax withheld", "Condition"],
    rows: (prefix, i, variant = 0) => {
      const paid = 1000 + i + variant * 100;
      return [[`${prefix}-${i}`, `${prefix}-${i}`, "1101700123456", "", "2026-04-05", "Services", 3, paid, Math.round(paid * 3) / 100, "Withheld at source"]];
    },
    tagOf: (r) => text(r.contactName) || undefined,
    live: notVoid,
    bad: ["Income paid", "abc"],
    async editable(client, ids) {
      for (const id of ids) await client.withholdingTaxes.setStatus(id, "awaiting");
    },
  },
  "journal-entries": {
    sheet: "Journal",
    header: ["Voucher no.", "Date", "Voucher type", "Description", "Account code", "Debit", "Credit"],
    rows: (prefix, i, variant = 0) => {
      const amount = 100 + i + variant * 7;
      return [[`${prefix}-${i}`, "2026-03-31", "JV", `${prefix}-${i}`, "53030", amount, null], [`${prefix}-${i}`, null, null, null, "21399", null, amount]];
    },
    tagOf: (r) => text(r.description) || undefined,
    live: () => true,
    bad: ["Date", "2026-13-45"],
  },
  "contacts": {
    sheet: "Contacts",
    header: ["Code", "Name", "Type"],
    rows: (prefix, i, variant = 0) => [[`${prefix}-${i}`, variant ? `${prefix} made elsewhere ${i}` : `${prefix} customer ${i}`, "customer"]],
    tagOf: (r) => text(r.contactCode) || undefined,
    live: () => true,
    bad: ["Type", "nonsense"],
  },
  "products": {
    sheet: "Products",
    header: ["Product code", "Product name", "Type", "Unit", "Sell price", "VAT"],
    rows: (prefix, i, variant = 0) => [[`${prefix}-${i}`, variant ? `${prefix} made elsewhere ${i}` : `${prefix} item ${i}`, "Product", "piece", 100 + i + variant * 7, "VAT exclusive"]],
    tagOf: (r) => text(r.code) || undefined,
    live: () => true,
    bad: ["Sell price", "abc"],
  },
};

/** The sheet of records `from`..`to` of the prefix (the header first). */
export function sampleSheet(family: SheetFamily, prefix: string, to: number, from = 1, variant = 0): unknown[][] {
  const s = SAMPLES[family];
  const rows: unknown[][] = [s.header];
  for (let i = from; i <= to; i++) rows.push(...s.rows(prefix, i, variant));
  return rows;
}
