// Messages by key (rules/message.ts, sheet/i18n/render.ts): every key has an English and a Thai
// text with the same placeholders; a message is rendered from its key with no reading back, and
// reads as the translator made the same English read (so moving a room to keys changes no text
// anyone sees); nested messages, lists at cells, and ours only where the spec's words name wire names.
import { MESSAGES, checkDocument, ruleMsg } from "../../src/rules";
import { at, bare } from "../../src/rules/message";
import { checkSheet } from "../../src/sheet/check";
import { render } from "../../src/sheet/i18n/render";
import { RESULTS_TH } from "../../src/sheet/i18n/th";
import { resultMsg, rowResultMsg, type ResultMessageKey } from "../../src/sheet/i18n/results";
import { familyRecords, recordWord } from "../../src/sheet/i18n/record-count";
import type { SheetFamily } from "../../src/rules/codes";
import { TARGETS } from "../../src/sheet/i18n/targets";
import { translate } from "../../src/sheet/i18n/translate";
import { sheetMsg } from "../../src/sheet/messages";
import { readDocuments } from "../../src/sheet/read";
import type { Block } from "../../src/workbook/port";

const THAI = /[\u0E00-\u0E7F]/;
const placeholders = (s: string): string[] => [...new Set(s.match(/\{\w+\}/g) ?? [])].filter((p) => p !== "{a}").sort();

test("every key has an English and a Thai text with the same placeholders", () => {
  expect(TARGETS.size).toBeGreaterThan(300);
  for (const [key, t] of TARGETS) {
    const words = /[A-Za-z]/.test(t.source.replace(/\{\w+\}/g, ""));
    expect({ key, en: typeof t.target.en === "string", th: typeof t.target.th === "string" && (THAI.test(t.target.th) || !words) })
      .toEqual({ key, en: true, th: true });
    expect({ key, en: placeholders(t.target.en), th: placeholders(t.target.th) })
      .toEqual({ key, en: placeholders(t.source), th: placeholders(t.source) });
  }
});

test("a message keeps its English text and is rendered from its key, nested ones in turn", () => {
  const tax = sheetMsg("taxIdChecksum", { taxId: "0105556000021" });
  const msg = resultMsg("notSent", { reason: [at("E3", tax), at("B3", ruleMsg("contactRequired"))] });
  expect(msg.text).toBe(`not sent: E3: ${tax.text}; B3: ${MESSAGES.contactRequired}`);
  expect(render(msg, "en")).toBe(`not sent: E3: ${tax.text}; B3: Enter the customer's name (or a contact id)`);
  expect(render(msg, "th")).toBe(translate(msg.text, "th"));
  expect(render(msg, "th")).toMatch(/^ไม่ได้ส่ง: E3: /);
  const row = resultMsg("rowResult", { key: "INV-1", row: 2, message: resultMsg("postUnknown", { record: recordWord("contacts") }) });
  expect(render(row, "th")).toBe(`INV-1 (แถว 2): ${RESULTS_TH.postUnknown.replace("{record}", "ผู้ติดต่อ")}`);
  // Ours, not the spec's wire names beside; a message inside a sentence loses its full stop.
  expect(render(ruleMsg("totalAfterDiscountLessThanVat"), "en")).toBe("Total after discount cannot be less than the VAT amount");
  const pinned = sheetMsg("addColumn", { message: bare(sheetMsg("keyEmpty")), a: "a", label: "Key" });
  expect(render(pinned, "en")).toBe(translate(pinned.text, "en"));
  // Read back, this one stayed English (its "; " and the dropped full stop); by key it is Thai.
  expect(render(pinned, "th")).toBe(`${render(bare(sheetMsg("keyEmpty")), "th")} เพิ่มคอลัมน์ เลขที่เอกสาร`);
  expect(render(pinned, "th")).not.toMatch(/Document key/);
});

describe("rendered by key as the translator reads the same English", () => {
  const same = (msgs: { message: string; msg: Parameters<typeof render>[0] }[]) => {
    const differ: string[] = [];
    for (const f of msgs) {
      for (const lang of ["en", "th"] as const) {
        const byKey = render(f.msg, lang);
        const read = translate(f.message, lang);
        if (byKey !== read) differ.push(`${lang} ${f.msg.key}: ${byKey} ≠ ${read}`);
      }
    }
    expect(differ).toEqual([]);
  };

  test("a sheet with a problem of every kind", () => {
    // Each row wrong in its own ways: unreadable cells, a missing key and name, a stated column's
    // value, tax ids and branches, a date, an unknown header.
    const header = ["documentKey", "contactName", "publishedOn", "isVat", "item.name", "item.quantity", "item.pricePerUnit"];
    const more = ["grandTotal", "status", "contactTaxId", "contactBranch", "Qty", "Nothing", "paymentMethod", "item.vatRate"];
    const values = [
      [...header, ...more],
      ["1", "Acme", "31/02/2026", "maybe", "Pen", "two", 100.123456, 1, "finished", "123", "branch", 1, "x", "cheque", "9%"],
      ["1", "Other", "2026-01-05", true, "Ink", 1, 10, null, null, "0105556000000", "1", null, null, null, null],
      [null, null, "2026-01-05", true, "Ink", -1, 10, null, null, null, null, null, null, null, null],
      ["3", "", 45000.5, "no", "", 1, null, 5, null, 1234567890123, "00000", null, null, 7, 7],
      ["4", "Dee", "2026-01-05", true, "Pen", 1, 10, null, null, 105551234567, 1, null, null, null, null],
    ];
    const block: Block = { sheet: "S", top: 0, left: 0, values, formats: values.map((r) => r.map(() => "General")), merged: [{ top: 2, left: 4, bottom: 3, right: 4 }] };
    const { findings } = checkSheet(readDocuments(block), "tax-invoices", "2026-01-05");
    expect(findings.length).toBeGreaterThan(10);
    same(findings);
  });

  test("bodies wrong in every way the rules check", () => {
    const bodies: Record<string, unknown>[] = [
      {},
      { contactName: 5, publishedOn: "2026-02-30", items: "x", isVat: "maybe", creditDays: -1, remarks: "\u0000" },
      { contactName: "A", items: [{ name: "x", quantity: "q", pricePerUnit: 1e13, total: 3, unitName: "much too long" }], totalAfterDiscount: 1, vatAmount: 5, isVat: true, grandTotal: 1 },
      { contactName: "A", items: [{}], documentShowWithholdingTax: true, documentWithholdingTaxPercentage: 4, paymentMethod: 9 },
      { contactName: "A", contactId: -1, items: [{ name: "x", quantity: 1, pricePerUnit: 1 }], paymentMethod: 3, withHeldPerItem: 2, discountPercentage: 10, discountAmount: 1 },
      { contactName: "A".repeat(300), items: [{ name: "x", quantity: 1, pricePerUnit: 1 }], paymentMethod: 5, collected: -1 },
    ];
    for (const family of ["tax-invoices", "expenses", "receipts"] as const) {
      for (const body of bodies) {
        same(checkDocument(body, { family, structure: "simple", operation: "create", withPayment: "paymentMethod" in body, arithmetic: true }));
      }
    }
  });
});

test("a row's progress line names a key that is only its row once, in either language", () => {
  expect(render(rowResultMsg("row 2", 2, resultMsg("created")), "th")).toBe("แถว 2: สร้างแล้ว");
  expect(render(rowResultMsg("row 2", 2, resultMsg("created")), "en")).toBe("row 2: created");
  expect(render(rowResultMsg("INV-1", 2, resultMsg("created")), "th")).toBe("INV-1 (แถว 2): สร้างแล้ว");
});

describe("the books' and certificates' row results in Thai", () => {
  // Every result a post, update, undo or act of contacts, products, journal vouchers or certificates
  // writes (post.ts, update.ts, undo.ts, verify.ts): none calls the record a document, bar
  // the columns' own names (รหัสเอกสารในระบบ, เลขที่เอกสารในระบบ).
  const KEYS: ResultMessageKey[] = [
    "foundRaceDeleted", "foundRaceVoided", "raceStuck", "raceStuckDelete", "postUnknown", "createdUnchecked", "changedOnServiceUnnamed",
    "toUpdateUnchecked", "updatedUnchecked", "undoRecordEdited", "undoOtherDocument", "undoNoMarker", "undoUnverified", "rowOtherDocument",
    "rowUnverified", "foundOnService", "sameRecordAsRow", "undoEdited", "undoInUse", "otherCompanyPost", "noRowsPosted",
  ];
  it.each(KEYS)("%s", (key) => {
    const words = RESULTS_TH[key].replace(/(รหัส|เลขที่)เอกสารในระบบ/g, "");
    expect(words).not.toMatch(/เอกสาร/);
  });

  it("a result that names the record names it by its kind's word", () => {
    const unknown = (family: Parameters<typeof recordWord>[0]) => render(resultMsg("postUnknown", { record: recordWord(family) }), "th");
    expect(unknown("contacts")).toContain("ค้นหาผู้ติดต่อในระบบไม่ได้");
    expect(unknown("products")).toContain("ค้นหาสินค้าในระบบไม่ได้");
    expect(unknown("journal-entries")).toContain("ค้นหาใบสำคัญในระบบไม่ได้");
    expect(unknown("withholding-taxes")).toContain("ค้นหาหนังสือรับรองการหักภาษี ณ ที่จ่ายในระบบไม่ได้");
    expect(unknown(undefined)).toContain("ค้นหาเอกสารในระบบไม่ได้");
    expect(resultMsg("postUnknown", { record: recordWord("contacts") }).text).toBe("outcome unknown: the answer was lost and the contact could not be looked up; run post again to resolve it");
  });

  it("records that disagree about a sheet's family name each family's records by its word", () => {
    const disagree = (pulled: SheetFamily, remembered: SheetFamily, lang: "en" | "th") =>
      render(resultMsg("recordsFamilyDisagree", { sheet: "S", pulled: familyRecords(pulled), remembered: familyRecords(remembered) }), lang);
    expect(disagree("withholding-taxes", "quotations", "en")).toContain("its pull says withholding tax certificates, the sheet is remembered as quotation documents;");
    expect(disagree("contacts", "quotations", "th")).toContain("การดึงข้อมูลระบุเป็นผู้ติดต่อ แต่ชีตถูกจำไว้เป็นเอกสารใบเสนอราคา ");
  });
});
