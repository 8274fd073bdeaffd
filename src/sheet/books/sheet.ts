// The books' sheets as DocSheet writes them: templates (labels in the user's language, fixed values
// as words, one example that checks clean) and pulls (the same layout, one row per book line for
// journal vouchers, so a pulled sheet reads back and can be posted again). Pure.
import type { BookFamily } from "../../rules/codes";
import { familyCard } from "../../families/cards";
import { Decimal } from "../../rules/money";
import type { CellValue, ColumnSpec } from "../../workbook/port";
import type { FieldDef } from "../fields";
import type { Lang } from "../i18n/lang";
import { resultMsg } from "../i18n/results";
import { listRef, type ListKind } from "../lookups";
import { DATE_FORMAT_TH, SAMPLE } from "../samples";
import type { Template } from "../template";
import { accountLabel, type ChartAccount } from "./accounts";
import { bookFingerprint } from "./fingerprint";
import { BOOK_RESULT_KEYS, BOOK_SHOWN, bookTable } from "./fields";
import type { Json } from "../../rules/json";
import { render } from "../i18n/render";

const KIND: Record<FieldDef["kind"], ColumnSpec["kind"]> = {
  text: "text", money: "money", quantity: "quantity", rate: "quantity", integer: "integer", id: "integer",
  date: "date", boolean: "boolean", code: "text", status: "text",
};

/** The columns of a book's template and pull, result columns last. */
export const BOOK_KEYS: Readonly<Record<BookFamily, readonly string[]>> = {
  "journal-entries": [
    "documentKey", "documentDate", "documentType", "contactName", "description", "reference",
    "item.accountCode", "item.accountName", "item.debit", "item.credit", "item.description",
  ],
  contacts: [
    "contactCode", "contactName", "contactType", "contactGroup", "contactTaxId", "contactBranch", "contactAddress", "contactZipCode",
    "contactPerson", "contactEmail", "contactMobile", "contactCreditDays",
  ],
  products: ["code", "name", "type", "description", "unitName", "sellPrice", "buyPrice", "vatType", "sellChartOfAccountCode", "buyChartOfAccountCode"],
};

/** Book columns that pick from a list of the lists sheet (a voucher's contact and accounts; a
 * contacts or products sheet makes the records those lists hold). */
const BOOK_LOOKUPS: Readonly<Record<BookFamily, Readonly<Record<string, ListKind>>>> = {
  "journal-entries": { contactName: "contacts", "item.accountCode": "accounts" },
  contacts: {},
  products: {},
};

export function bookKeys(family: BookFamily): string[] {
  return [...BOOK_KEYS[family], ...BOOK_RESULT_KEYS[family]];
}

export function bookColumn(family: BookFamily, key: string, lang: Lang, lookups = false): ColumnSpec {
  const def = bookTable(family).byKey.get(key);
  if (!def) throw new Error(`no ${family} field ${key}`);
  const spec: ColumnSpec = { header: def[lang][0], kind: KIND[def.kind] };
  // The service's copy a row was last in step with: DocSheet's, not the user's to read.
  if (key === "fingerprint") spec.hidden = true;
  if (lang === "th" && def.kind === "date") spec.format = DATE_FORMAT_TH;
  const shown = BOOK_SHOWN[key];
  if (shown) spec.allowed = shown.map(([, en, th]) => (lang === "en" ? en : th));
  const list = BOOK_LOOKUPS[family][key];
  if (lookups && list) spec.lookup = listRef(list);
  return spec;
}

function shownWord(key: string, code: unknown, lang: Lang): CellValue {
  const hit = BOOK_SHOWN[key]?.find(([c]) => c === Number(code));
  return hit ? hit[lang === "en" ? 1 : 2] : code === undefined || code === null ? null : Number(code);
}

export function bookTemplate(family: BookFamily, today: string, lang: Lang, lookups = false): Template {
  // Nothing posted yet: no fingerprint to keep.
  const keys = bookKeys(family).filter((k) => k !== "fingerprint");
  const [y, m, d] = today.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  const w = (key: string, code: number) => shownWord(key, code, lang);
  const s = SAMPLE[lang];
  const examples: Record<BookFamily, Record<string, CellValue>[]> = {
    "journal-entries": [
      { documentKey: "JV-1", documentDate: date, documentType: w("documentType", 51), description: s.suppliesAccrued, reference: "ACC-1",
        "item.accountCode": "53030", "item.debit": 1000, "item.description": s.paperAndToner },
      { documentKey: "JV-1", "item.accountCode": "21399", "item.credit": 1000 },
    ],
    contacts: [{
      contactCode: "C-EX-1", contactName: s.company, contactType: w("contactType", 3), contactGroup: w("contactGroup", 3),
      contactTaxId: "0105556000009", contactBranch: "00000", contactAddress: s.address, contactZipCode: "10110",
      contactPerson: s.person, contactEmail: "accounts@example.com", contactMobile: "081-234-5678", contactCreditDays: 30,
    }],
    products: [{
      code: "P-EX-1", name: s.service, type: w("type", 1), description: s.oneHour, unitName: s.hour,
      sellPrice: 1500, buyPrice: 0, vatType: w("vatType", 3), sellChartOfAccountCode: "41210",
    }],
  };
  return {
    sheetName: familyCard(family).label[lang],
    columns: keys.map((k) => bookColumn(family, k, lang, lookups)),
    rows: examples[family].map((r) => keys.map((k) => r[k] ?? null)),
  };
}

const text = (v: unknown): CellValue => (typeof v === "string" ? (v === "" ? null : v) : typeof v === "number" ? String(v) : null);
const num = (v: unknown): CellValue => (v === undefined || v === null || v === "" ? null : new Decimal(String(v)).toNumber());
const date = (v: unknown): CellValue => {
  const m = typeof v === "string" ? /^(\d{4})-(\d{2})-(\d{2})/.exec(v) : null;
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : text(v);
};

/** Marker lines a post added (sheet/marker.ts) are never shown. */
const withoutMarkers = (v: unknown): CellValue => text(typeof v === "string" ? v.split("\n").filter((l) => !l.startsWith("docsheet:")).join("\n") : v);

type BookCells = (r: Json, lang: Lang, byId: ReadonlyMap<number, ChartAccount>, productAccounts?: ReadonlyMap<number, Json>) => Record<string, CellValue>[];

/** One record's rows, per book: a voucher has one row per book line, a contact or product one. */
const BOOK_CELLS: Readonly<Record<BookFamily, BookCells>> = {
  "journal-entries": (r, lang, byId) => {
    const head: Record<string, CellValue> = {
      documentKey: text(r.documentSerial), documentDate: date(r.documentDate), documentType: shownWord("documentType", r.documentType, lang),
      contactName: text(r.contactName), description: text(r.description), reference: text(r.reference),
      recordId: num(r.recordId ?? r.id), documentSerial: text(r.documentSerial),
      status: render(resultMsg(r.statusString === "draft" ? "journalDraft" : "journalApproved"), lang),
    };
    return ((Array.isArray(r.bookOfAccounts) ? r.bookOfAccounts : []) as Json[]).map((line) => {
      const account = byId.get(Number(line.chartOfAccountId));
      const name = account ? accountLabel(account, lang).slice(account.code.length + 1) : text(lang === "th" ? line.accountName : line.accountNameEn);
      return {
        ...head, "item.accountCode": text(account?.code ?? line.accountCode), "item.accountName": name || null,
        "item.debit": Number(line.debitCredit) === 1 ? num(line.value) : null, "item.credit": Number(line.debitCredit) === 1 ? null : num(line.value),
        "item.description": text(line.description),
      };
    });
  },
  contacts: (r, lang) => [{
    contactCode: text(r.contactCode), contactName: text(r.contactName), contactType: shownWord("contactType", r.contactType, lang),
    contactGroup: shownWord("contactGroup", r.contactGroup, lang), contactTaxId: text(r.contactTaxId), contactBranch: text(r.contactBranchCode),
    contactAddress: text(r.contactAddress), contactZipCode: text(r.contactZipCode), contactPerson: text(r.contactPerson),
    contactEmail: text(r.contactEmail), contactMobile: text(r.contactMobile), contactCreditDays: num(r.contactCreditDays), recordId: num(r.id),
    fingerprint: bookFingerprint(r),
  }],
  products: (r, lang, _byId, productAccounts) => [{
    code: text(r.code), name: text(r.name), type: shownWord("type", r.type, lang), description: withoutMarkers(r.sellDescription),
    unitName: text(r.unitName), sellPrice: num(r.sellPrice), buyPrice: num(r.buyPrice), vatType: shownWord("vatType", r.sellVatType, lang),
    sellChartOfAccountCode: text(productAccounts?.get(Number(r.id))?.sellChartOfAccountCode), buyChartOfAccountCode: text(productAccounts?.get(Number(r.id))?.buyChartOfAccountCode),
    recordId: num(r.id), fingerprint: bookFingerprint(r),
  }],
};

/** The service's records as a book's rows (result columns filled: record id, number, status). */
export function bookRows(
  family: BookFamily, records: readonly Json[], lang: Lang, chart: readonly ChartAccount[] = [], productAccounts?: ReadonlyMap<number, Json>,
): CellValue[][] {
  const keys = bookKeys(family);
  const byId = new Map(chart.map((a) => [a.id, a]));
  return records.flatMap((r) => BOOK_CELLS[family](r, lang, byId, productAccounts).map((cells) => keys.map((k) => cells[k] ?? null)));
}
