// Journal vouchers' sheet (service-facts §5.7): one row per book line, rows with the same voucher
// number one voucher; a voucher's contact and accounts pick from the lists sheet.
import { VOUCHER_TYPE } from "../rules/codes";
import type { Json } from "../rules/json";
import type { CellValue } from "../workbook/port";
import { resultMsg } from "../sheet/i18n/results";
import { accountLabel } from "../sheet/books/accounts";
import { buildJournal } from "../sheet/books/builders";
import { date, num, text } from "../sheet/books/layout";
import { bookField, resultField, type Shown } from "../sheet/books/book-field";
import { said } from "../sheet/shown-values";
import { bookSheet } from "./book-sheet";

/** Fixed values as templates and pulls show them, in English and Thai (src/texts, values); each reads back as its code. */
const SHOWN: Readonly<Record<string, Shown>> = {
  documentType: said([
    [VOUCHER_TYPE.JV, "voucherType_jv"], [VOUCHER_TYPE.PV, "voucherType_pv"], [VOUCHER_TYPE.RV, "voucherType_rv"],
    [VOUCHER_TYPE.SV, "voucherType_sv"], [VOUCHER_TYPE.UV, "voucherType_uv"],
  ]),
};

const field = bookField("journal-entries", SHOWN);

/** Voucher types in words (lower case, no spaces), English and Thai: the codes of service-facts §2.1. */
const VOUCHER_WORDS: Record<string, number> = {
  jv: VOUCHER_TYPE.JV, general: VOUCHER_TYPE.JV, journal: VOUCHER_TYPE.JV, generaljournal: VOUCHER_TYPE.JV, journalvoucher: VOUCHER_TYPE.JV,
  ใบสำคัญทั่วไป: VOUCHER_TYPE.JV, สมุดรายวันทั่วไป: VOUCHER_TYPE.JV, ทั่วไป: VOUCHER_TYPE.JV,
  pv: VOUCHER_TYPE.PV, payment: VOUCHER_TYPE.PV, paymentvoucher: VOUCHER_TYPE.PV, ใบสำคัญจ่าย: VOUCHER_TYPE.PV, สมุดรายวันจ่าย: VOUCHER_TYPE.PV, จ่าย: VOUCHER_TYPE.PV,
  rv: VOUCHER_TYPE.RV, receipt: VOUCHER_TYPE.RV, receiptvoucher: VOUCHER_TYPE.RV, receivedvoucher: VOUCHER_TYPE.RV,
  ใบสำคัญรับ: VOUCHER_TYPE.RV, สมุดรายวันรับ: VOUCHER_TYPE.RV, รับ: VOUCHER_TYPE.RV,
  sv: VOUCHER_TYPE.SV, sales: VOUCHER_TYPE.SV, sale: VOUCHER_TYPE.SV, salesvoucher: VOUCHER_TYPE.SV, ใบสำคัญขาย: VOUCHER_TYPE.SV, สมุดรายวันขาย: VOUCHER_TYPE.SV, ขาย: VOUCHER_TYPE.SV,
  uv: VOUCHER_TYPE.UV, purchase: VOUCHER_TYPE.UV, purchases: VOUCHER_TYPE.UV, purchasevoucher: VOUCHER_TYPE.UV,
  ใบสำคัญซื้อ: VOUCHER_TYPE.UV, สมุดรายวันซื้อ: VOUCHER_TYPE.UV, ซื้อ: VOUCHER_TYPE.UV,
};

const FIELDS = [
  field("documentKey", "key", "text", ["Voucher number", "Voucher", "Document key", "Key", "Document no.", "JV no."], ["ใบสำคัญ", "เลขที่", "เลขที่เอกสาร"]),
  field("documentDate", "document", "date", ["Voucher date", "Document date"], ["วันที่เอกสาร", "วันที่ใบสำคัญ"]),
  field("documentType", "document", "code", ["Type", "Journal"], ["ประเภท", "สมุดรายวัน"], {
    allowed: Object.values(VOUCHER_TYPE), words: VOUCHER_WORDS,
  }),
  field("contactName", "document", "text", ["Contact name", "Customer", "Supplier", "Vendor"], ["ชื่อผู้ติดต่อ", "ลูกค้า", "ผู้ขาย"]),
  field("contactId", "document", "id", [], []),
  field("description", "document", "text", ["Explanation", "Narration", "Memo"], ["คำอธิบายใบสำคัญ"]),
  field("reference", "document", "text", ["Ref"], ["เลขที่อ้างอิง"]),
  field("item.accountCode", "item", "text", ["Account no.", "GL code"], ["เลขที่บัญชี"]),
  field("item.accountName", "item", "text", [], []),
  field("item.account", "item", "text", ["GL account"], ["ผังบัญชี"]),
  field("item.chartOfAccountId", "item", "id", ["Chart of account id"], []),
  field("item.debit", "item", "money", ["Dr", "Debit amount"], ["เดบิท", "ยอดเดบิต", "จำนวนเงินเดบิต"]),
  field("item.credit", "item", "money", ["Cr", "Credit amount"], ["เครดิท", "ยอดเครดิต", "จำนวนเงินเครดิต"]),
  field("item.description", "item", "text", ["Line memo", "Line note"], ["รายละเอียด", "คำอธิบายบรรทัด"]),
  resultField("recordId"), resultField("documentSerial"), resultField("status", "text"), resultField("result"),
];

export const JOURNAL_SHEET = bookSheet({
  shown: SHOWN,
  fields: FIELDS,
  synonyms: {
    documentKey: ["JV", "JV number", "Voucher #", "Entry no.", "Journal no.", "เลขที่ใบสำคัญจ่าย", "เลขที่ใบสำคัญรับ", "เลขที่รายการ"],
    documentDate: ["Posting date", "Entry date", "วันที่บันทึก", "วันที่ลงบัญชี"],
    documentType: ["Journal type", "Book", "ประเภทสมุดรายวัน", "สมุด"],
    contactName: ["Partner", "Payee", "คู่ค้า", "ผู้รับเงิน", "ผู้จ่ายเงิน"],
    description: ["Voucher description", "Particulars", "รายการ", "คำอธิบายรายการบัญชี"],
    "item.accountCode": ["Account number", "Acct no.", "Acct code", "GL account code", "รหัสผังบัญชี", "เลขบัญชี"],
    "item.accountName": ["Account title", "Acct name", "GL account name", "ชื่อผังบัญชี"],
    "item.debit": ["Debit (THB)", "DR amount", "เดบิต (บาท)", "จำนวนเงินเดบิท"],
    "item.credit": ["Credit (THB)", "CR amount", "เครดิต (บาท)", "จำนวนเงินเครดิท"],
  },
  ask: [
    [["Amount", "Value", "จำนวนเงิน", "ยอดเงิน", "มูลค่า", "จำนวน"], ["item.debit", "item.credit"]],
    [["Name", "ชื่อ"], ["contactName", "item.accountName"]],
    [["Code", "รหัส"], ["item.accountCode", "documentKey"]],
    [["Note", "Notes", "Remark", "หมายเหตุ"], ["description", "item.description"]],
  ],
  needs: [
    { fields: ["documentDate"], need: "required" },
    { fields: ["item.accountCode", "item.account", "item.accountName", "item.chartOfAccountId"], need: "required" },
    { fields: ["item.debit"], need: "required" },
    { fields: ["item.credit"], need: "required" },
    { fields: ["documentKey"], need: "recommended" },
  ],
  build: buildJournal,
  layout: {
    keys: [
      "documentKey", "documentDate", "documentType", "contactName", "description", "reference",
      "item.accountCode", "item.accountName", "item.debit", "item.credit", "item.description",
    ],
    resultKeys: ["recordId", "documentSerial", "status", "result"],
    lookups: { contactName: "contacts", "item.accountCode": "accounts" },
    example: ({ word: w, sample: s, date }): Record<string, CellValue>[] => [
      { documentKey: "JV-1", documentDate: date, documentType: w("documentType", 51), description: s.suppliesAccrued, reference: "ACC-1",
        "item.accountCode": "53030", "item.debit": 1000, "item.description": s.paperAndToner },
      { documentKey: "JV-1", "item.accountCode": "21399", "item.credit": 1000 },
    ],
    cells: (r, { lang, word, say, accounts: byId }) => {
      const head: Record<string, CellValue> = {
        documentKey: text(r.documentSerial), documentDate: date(r.documentDate), documentType: word("documentType", r.documentType),
        contactName: text(r.contactName), description: text(r.description), reference: text(r.reference),
        recordId: num(r.recordId ?? r.id), documentSerial: text(r.documentSerial),
        status: say(resultMsg(r.statusString === "draft" ? "journalDraft" : "journalApproved")),
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
  },
});
