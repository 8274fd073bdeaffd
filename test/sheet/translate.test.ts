// The translator (sheet/i18n): every template has its Thai text, messages are rendered with their
// values put into the language, the spec's text is kept, an unknown message is left alone, status
// words go there and back, and every message the rules and the sheet layer can make has a template.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { EXACT_MESSAGE_KEYS, FAMILIES, FAMILY_INFO, MESSAGES, STATUS_WORDS, checkDocument } from "../../src/rules";
import { checkSheet } from "../../src/sheet/check";
import { FIELD_BY_KEY } from "../../src/sheet/fields";
import { count } from "../../src/sheet/i18n/plural";
import { RESULT_MESSAGES, resultMessage } from "../../src/sheet/i18n/results";
import { serviceStatus, statusFromText, statusText } from "../../src/sheet/i18n/status";
import { RESULTS_TH, RULES_TH, SHEET_TH } from "../../src/sheet/i18n/th";
import { PHRASES } from "../../src/sheet/i18n/phrases";
import { isKnownMessage, knownTemplates, translate } from "../../src/sheet/i18n/translate";
import { SHEET_MESSAGES, sheetMessage } from "../../src/sheet/messages";
import { readDocuments } from "../../src/sheet/read";
import { parseCell } from "../../src/sheet/values";
import type { Block } from "../../src/workbook/port";

const THAI = /[\u0E00-\u0E7F]/;
const placeholders = (s: string): string[] => [...new Set(s.match(/\{\w+\}/g) ?? [])].sort();

describe("tables", () => {
  test.each([
    ["MESSAGES", MESSAGES, RULES_TH],
    ["SHEET_MESSAGES", SHEET_MESSAGES, SHEET_TH],
    ["RESULT_MESSAGES", RESULT_MESSAGES, RESULTS_TH],
  ] as const)("every key of %s has a Thai text with the same placeholders", (_, english, thai) => {
    for (const [key, text] of Object.entries(english)) {
      const th = (thai as Record<string, string | undefined>)[key];
      // A template of placeholders and punctuation only ("{field}: {message}") has no words to translate.
      const words = /[A-Za-z]/.test(text.replace(/\{\w+\}/g, ""));
      expect({ key, th: typeof th === "string" && (THAI.test(th) || !words) }).toEqual({ key, th: true });
      // {a} is English's article: Thai has none.
      expect({ key, names: placeholders(th!) }).toEqual({ key, names: placeholders(text).filter((n) => n !== "{a}") });
    }
  });

  test("every field phrase has a Thai text naming the field", () => {
    for (const p of PHRASES) expect(p.th).toMatch(/\{field\}/);
  });

  test("every template is known once, and a message of each one comes out in Thai with nothing left unfilled", () => {
    const ids = knownTemplates().map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const t of knownTemplates()) {
      // Values a message could carry: a field key where a field goes, a status where a status goes.
      const sample = t.source.replace(/\{(\w+)\}/g, (_, name: string) =>
        ({ field: "grandTotal", label: "Grand total", family: "tax-invoices", status: "awaiting", statuses: "awaiting, void", side: "sell", number: "3" })[name] ?? `X${name}`);
      const th = translate(sample, "th");
      expect({ id: t.id, th: THAI.test(th) }).toEqual({ id: t.id, th: true });
      expect(th).not.toMatch(/\{\w+\}/);
    }
  });
});

describe("translate", () => {
  test("values are put into the language: fields by label, families and statuses by name", () => {
    const msg = "grandTotal is 200.00 but the lines give 214.00";
    expect(translate(msg, "en")).toBe("Grand total is 200.00 but the lines give 214.00");
    expect(translate(msg, "th")).toBe(`${FIELD_BY_KEY.get("grandTotal")!.th[0]} เป็น 200.00 แต่คำนวณจากรายการได้ 214.00`);
    expect(translate(resultMessage("upgraded", { family: "tax-invoices", serial: "INV0001" }), "th")).toBe("แปลงเป็นใบกำกับภาษี INV0001 แล้ว");
    expect(translate(resultMessage("upgraded", { family: "tax-invoices", serial: "INV0001" }), "en")).toBe("upgraded to tax invoice INV0001");
    expect(translate(resultMessage("statusSet", { status: "invoicedelivered" }), "en")).toBe("status set to awaiting payment");
    expect(translate(sheetMessage("headerTwice", { header: "Qty", field: "item.quantity", column: "C" }), "en"))
      .toBe('Column "Qty" names Quantity again (already column C); keep one.');
    expect(translate("contactName must be at most 250 characters", "th")).toBe("ชื่อลูกค้า ต้องยาวไม่เกิน 250 ตัวอักษร");
    expect(translate("Line 3 is required", "th")).toBe("ต้องระบุรายการที่ 3");
  });

  test("a nested message that holds \"; \" itself is translated whole, not as a list of problems", () => {
    const row = resultMessage("rowResult", { key: "INV-1", row: 2, message: resultMessage("postUnknown") });
    expect(translate(row, "th")).toBe(`INV-1 (แถว 2): ${RESULTS_TH.postUnknown}`);
  });

  test("messages inside messages are translated too: a column to add, the problems of a row", () => {
    const pinned = sheetMessage("addColumnHint", { message: MESSAGES.itemDescription, a: "a", label: "Description", key: "item.description", hint: "what the line is for" });
    expect(translate(pinned, "th")).toBe("ต้องระบุคำอธิบายรายการ เพิ่มคอลัมน์ รายละเอียด: รายการนี้เป็นค่าอะไร");
    const row = resultMessage("notSentMore", { reason: `E2: ${MESSAGES.itemDescription}; F2: ${sheetMessage("notANumber", { text: "x" })}`, more: 2 });
    expect(translate(row, "th")).toBe('ไม่ได้ส่ง: E2: ต้องระบุคำอธิบายรายการ; F2: "x" ไม่ใช่ตัวเลข (และอีก 2 รายการ)');
  });

  test("the spec's exact text is read, and shown in people's words only (its wire names never beside)", () => {
    for (const key of EXACT_MESSAGE_KEYS) {
      const spec = MESSAGES[key];
      const th = translate(spec, "th");
      expect(th).not.toContain(spec);
      expect(th).toMatch(THAI);
      const en = translate(spec, "en");
      expect(en === spec || !en.includes(spec)).toBe(true);
    }
    expect(translate(MESSAGES.totalAfterDiscountLessThanVat, "en")).toBe("Total after discount cannot be less than the VAT amount");
    expect(translate(MESSAGES.itemDescription, "th")).toBe("ต้องระบุคำอธิบายรายการ");
    expect(translate(MESSAGES.itemSystemCode, "en")).toBe("Each line needs a system code");
    // Reads well as it is: shown alone in English.
    expect(translate(MESSAGES.validationFailed, "en")).toBe(MESSAGES.validationFailed);
  });

  test("English names no wire name where a rule message did", () => {
    const wire = /\b(contactId|contactName|grandTotal|vatAmount|totalAfterDiscount|documentWithholdingTaxPercentage|paymentMethod|withHeldPerItem)\b/;
    for (const [key, text] of Object.entries(MESSAGES)) {
      if (!wire.test(text) || /\{/.test(text)) continue;
      const en = translate(text, "en");
      expect({ key, shown: wire.test(en) }).toEqual({ key, shown: false });
    }
  });

  test("a message no template knows comes back unchanged", () => {
    expect(translate("Something only the service says", "th")).toBe("Something only the service says");
    expect(translate("", "th")).toBe("");
  });

  test("counts: 1 document, 2 documents", () => {
    expect(count(1, "document")).toBe("1 document");
    expect(count(2, "document")).toBe("2 documents");
    expect(count(0, "entry", "entries")).toBe("0 entries");
  });
});

describe("status words", () => {
  test("every family's status there and back, in both languages", () => {
    for (const family of FAMILIES) {
      for (const word of [...FAMILY_INFO[family].statuses, "paid"]) {
        for (const lang of ["en", "th"] as const) {
          const text = statusText(word, lang, family);
          expect(text).not.toBe(word === "paid" && lang === "en" ? "" : "x");
          if (FAMILY_INFO[family].statuses.includes(word)) expect({ family, text, back: serviceStatus(family, text, FAMILY_INFO[family].statuses) }).toEqual({ family, text, back: word });
          // A status cell says it: read back as a status.
          expect(parseCell(FIELD_BY_KEY.get("status")!, text)).toMatchObject({ ok: true });
        }
      }
    }
  });

  test("people's words as the facts give them; the service's words still read", () => {
    expect(statusText("invoicedelivered", "th", "tax-invoices")).toBe("รอเก็บเงิน");
    expect(statusText("invoicedelivered", "en", "tax-invoices")).toBe("awaiting payment");
    expect(statusText("awaiting", "th", "quotations")).toBe("รออนุมัติ");
    expect(statusText("approved", "en", "billing-notes")).toBe("billed");
    expect(statusText("void", "th", "receipts")).toBe("ยกเลิกแล้ว");
    expect(serviceStatus("quotations", "ยกเลิก", FAMILY_INFO["quotations"].statuses)).toBe("rejected");
    expect(serviceStatus("tax-invoices", "cancelled", FAMILY_INFO["tax-invoices"].statuses)).toBe("void");
    expect(serviceStatus("quotations", "processed", FAMILY_INFO["quotations"].statuses)).toBe("approvedandprocessed");
    expect(serviceStatus("receipts", "awaiting", FAMILY_INFO["receipts"].statuses)).toBeUndefined();
    for (const word of STATUS_WORDS) expect(statusFromText(word)).toBe(word);
    expect(statusFromText("Awaiting Payment")).toBe("invoicedelivered");
    expect(statusFromText("finished")).toBeUndefined();
  });
});

describe("every message the code can make has a template", () => {
  /** The .ts files under a folder. */
  function sources(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? sources(path) : path.endsWith(".ts") ? [path] : [];
    });
  }
  const SRC = join(__dirname, "..", "..", "src");

  test("no rule or sheet code passes a message of its own words to a finding: they come from the tables", () => {
    // The message argument of each call (parsed, not pattern-matched): a literal with words in it
    // is a message no table holds, except the "{field} {phrase}" form of the schemas' phrases.
    const MESSAGE_ARG: Record<string, number> = { finding: 1, cellFinding: 4, bad: 0 };
    const PHRASE_FORM = /^`[^`$]*\$\{[^}]+\} \$\{(UNSTORABLE_TEXT|tooLong\(\w+\))\}`$|^`[A-Za-z ]+ \$\{(UNSTORABLE_TEXT|tooLong\(\w+\))\}`$/;
    const own: string[] = [];
    const look = (file: string, sf: ts.SourceFile, node: ts.Node): void => {
      if (ts.isConditionalExpression(node)) return [node.whenTrue, node.whenFalse].forEach((n) => look(file, sf, n));
      if (ts.isParenthesizedExpression(node)) return look(file, sf, node.expression);
      const text = node.getText(sf);
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && / /.test(node.text)) own.push(`${file}: ${text}`);
      if (ts.isTemplateExpression(node) && !PHRASE_FORM.test(text)) own.push(`${file}: ${text}`);
      if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) own.push(`${file}: ${text}`);
    };
    for (const file of [...sources(join(SRC, "rules")), ...sources(join(SRC, "sheet"))]) {
      const sf = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node): void => {
        if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text in MESSAGE_ARG) {
          const arg = node.arguments[MESSAGE_ARG[node.expression.text]];
          if (arg) look(file, sf, arg);
        }
        ts.forEachChild(node, visit);
      };
      visit(sf);
    }
    expect(own).toEqual([]);
  });

  test("every field phrase of the schemas is a phrase the translator knows", () => {
    const known = PHRASES.map((p) => new RegExp(`^${p.en.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{\w+\\?\}/g, ".+")}$`));
    const unknown: string[] = [];
    for (const file of sources(join(SRC, "rules", "schemas"))) {
      for (const m of readFileSync(file, "utf8").matchAll(/(["`])((?:must|is) [^"`]*)\1/g)) {
        const phrase = m[2].replace(/\$\{[^}]*\}/g, "N");
        if (!known.some((r) => r.test(phrase))) unknown.push(`${file}: ${m[2]}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  test("a sheet with a problem of every kind: every finding is a known message", () => {
    const values = [
        ["documentKey", "contactName", "publishedOn", "isVat", "item.name", "item.quantity", "item.pricePerUnit", "grandTotal", "status", "contactTaxId", "contactBranch", "Qty", "Nothing", "paymentMethod", "item.vatRate"],
        ["1", "Acme", "31/02/2026", "maybe", "Pen", "two", 100.123456, 1, "finished", "123", "branch", 1, "x", "cheque", "9%"],
        ["1", "Other", "2026-01-05", true, "Ink", 1, 10, null, null, "0105556000000", "1", null, null, null, null],
        [null, null, "2026-01-05", true, "Ink", -1, 10, null, null, null, null, null, null, null, null],
        ["3", "", 45000.5, "no", "", 1, null, 5, null, 1234567890123, "00000", null, null, 7, 7],
    ];
    const block: Block = { sheet: "S", top: 0, left: 0, values, formats: values.map((r) => r.map(() => "General")), merged: [{ top: 2, left: 4, bottom: 3, right: 4 }] };
    const { findings } = checkSheet(readDocuments(block), "tax-invoices", "2026-01-05");
    expect(findings.length).toBeGreaterThan(10);
    const unknown = findings.filter((f) => !isKnownMessage(f.message)).map((f) => `${f.cell}: ${f.message}`);
    expect(unknown).toEqual([]);
  });

  test("bodies wrong in every way the rules check: every finding is a known message", () => {
    const bodies: Record<string, unknown>[] = [
      {},
      { contactName: 5, publishedOn: "2026-02-30", items: "x", isVat: "maybe", creditDays: -1, remarks: "\u0000" },
      { contactName: "A", items: [{ name: "x", quantity: "q", pricePerUnit: 1e13, total: 3 }], totalAfterDiscount: 1, vatAmount: 5, isVat: true, grandTotal: 1 },
      { contactName: "A", items: [{}], documentShowWithholdingTax: true, documentWithholdingTaxPercentage: 4, paymentMethod: 9 },
      { contactName: "A", contactId: -1, items: [{ name: "x", quantity: 1, pricePerUnit: 1 }], paymentMethod: 3, withHeldPerItem: 2, discountPercentage: 10, discountAmount: 1 },
    ];
    const unknown: string[] = [];
    for (const family of ["tax-invoices", "expenses", "receipts"] as const) {
      for (const body of bodies) {
        for (const f of checkDocument(body, { family, structure: "simple", operation: "create", withPayment: "paymentMethod" in body, arithmetic: true })) {
          if (!isKnownMessage(f.message)) unknown.push(`${family} ${f.path}: ${f.message}`);
        }
      }
    }
    expect(unknown).toEqual([]);
  });
});

describe("messages inside results", () => {
  const tax = (id: string) => `${id} is not a valid tax id: its last digit does not match the other 12; look for a mistyped digit.`;
  const taxTh = (id: string) => `${id} ไม่ใช่เลขประจำตัวผู้เสียภาษีที่ถูกต้อง: หลักสุดท้ายไม่ตรงกับ 12 หลักแรก ตรวจดูว่าพิมพ์ผิดหรือไม่`;
  test("a message holding '; ' itself, alone or among others, is translated whole inside 'not sent'", () => {
    expect(translate(`T-1 (row 2): not sent: E2: ${tax("0105556000013")}`, "th")).toBe(`T-1 (แถว 2): ไม่ได้ส่ง: E2: ${taxTh("0105556000013")}`);
    const second = translate(MESSAGES.contactRequired, "th");
    expect(translate(`not sent: E3: ${tax("0105556000021")}; B3: ${MESSAGES.contactRequired}`, "th"))
      .toBe(`ไม่ได้ส่ง: E3: ${taxTh("0105556000021")}; B3: ${second}`);
    expect(second).not.toBe(MESSAGES.contactRequired);
  });
});
