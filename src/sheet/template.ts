// A template per family: the fields users fill, headed by their labels in English or Thai,
// validation lists where the spec has fixed values (as words), drop-downs over the lookup lists,
// and one example document that passes check. Pure.
import { FAMILY_INFO, type Family } from "../rules/codes";
import { familySheet } from "../families/sheets";
import type { CellValue, ColumnSpec } from "../workbook/port";
import { columnFor, shownValue } from "./columns";
import type { Lang } from "./i18n/lang";
import { RESULT_KEYS } from "./fields";
import { SAMPLE } from "./samples";

export interface Template {
  sheetName: string;
  columns: ColumnSpec[];
  rows: CellValue[][];
}

const CONTACT = ["contactName", "contactTaxId", "contactAddress", "contactBranch", "contactEmail"];
const TERMS = ["publishedOn", "creditDays", "reference", "projectName", "isVat", "isVatInclusive", "discountAmount", "remarks", "internalNotes"];
const LINES = ["item.name", "item.description", "item.quantity", "item.unitName", "item.pricePerUnit", "item.discountAmount", "item.vatRate"];
const EXPENSE_LINES = ["item.systemCode", "item.categoryId", "item.creditId", "item.debitId", "item.withHeldPerItem", "item.withHeldPerItemValue"];
const PAYMENT = ["paymentMethod", "paymentDate", "collected", "bankAccountId", "chequeBankAccountId", "chequeDate", "bankChequeId", "creditCardBankAccountId", "creditCardId", "pettyCashId", "otherChannelId", "withheldPercentage", "withheldAmount"];
const SOURCE = ["source.recordId", "source.referenceDocumentSerial", "source.referenceDocumentType"];
const PARTIAL = ["item.documentId", "item.partialAmount"];

export function templateKeys(family: Family): string[] {
  const info = FAMILY_INFO[family];
  const expense = familySheet(family).expenseCategories;
  const keys = ["documentKey", ...CONTACT, ...TERMS];
  if (expense) keys.push("expenseCategoryView");
  keys.push(...LINES);
  if (expense) keys.push(...EXPENSE_LINES);
  if (info.upgrade) keys.push(...SOURCE);
  // A family made only by upgrades (receipts) takes the upgrade's payment.
  if (info.withPayment || info.upgradeWithPayment) keys.push(...PAYMENT);
  // Receipts also come, against tax invoices, as partial receipts.
  if (info.partialReceipt) keys.push(...PARTIAL);
  keys.push(...RESULT_KEYS);
  return keys;
}

export interface TemplateOptions {
  /** Language of headers and words (default English). */
  lang?: Lang;
  /** Drop-downs over the workbook's lookup lists (LISTS_SHEET) for customers, products, channels
   * and expense categories. */
  lookups?: boolean;
}

export function template(family: Family, today: string, opts: TemplateOptions = {}): Template {
  const lang = opts.lang ?? "en";
  const keys = templateKeys(family);
  const columns = keys.map((k) => columnFor(k, family, { lang, lookups: opts.lookups }));
  const [y, m, d] = today.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  const yes = shownValue("isVat", true, lang);
  const no = shownValue("isVat", false, lang);
  const w = SAMPLE[lang];
  const example: Record<string, CellValue>[] = [
    {
      documentKey: "1", contactName: w.company, contactTaxId: "0105556000009", contactBranch: "00000", publishedOn: date, creditDays: 30,
      reference: "PO-001", isVat: yes, isVatInclusive: no,
      "item.name": w.consulting, "item.quantity": 2, "item.unitName": w.hour, "item.pricePerUnit": 1500,
    },
    { documentKey: "1", "item.name": w.travel, "item.quantity": 1, "item.unitName": w.trip, "item.pricePerUnit": 350 },
  ];
  if (familySheet(family).expenseCategories) {
    // Accounting view: each line names its debit (expense) and credit (payable) account codes.
    Object.assign(example[0], {
      expenseCategoryView: shownValue("expenseCategoryView", 1, lang), "item.name": w.taxi, "item.description": w.taxiToClient, "item.creditId": "21399", "item.debitId": "53029",
    });
    Object.assign(example[1], { "item.name": w.paper, "item.description": w.printerPaper, "item.creditId": "21399", "item.debitId": "53030" });
  }
  if (!FAMILY_INFO[family].simple) {
    // Made only by upgrades (receipts): an upgrade of a tax invoice, whose record id and serial
    // must be those of a real one.
    Object.assign(example[0], {
      "source.recordId": 1, "source.referenceDocumentSerial": "INV2026010001", "source.referenceDocumentType": shownValue("source.referenceDocumentType", 7, lang),
    });
  }
  const rows = example.map((r) => keys.map((k) => r[k] ?? null));
  return { sheetName: FAMILY_INFO[family].label[lang], columns, rows };
}
