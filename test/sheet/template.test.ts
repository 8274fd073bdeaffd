// Templates for people: every family's template, in English and in Thai, is headed by the fields'
// labels, which read back to the same fields with no mapping; its fixed values are drop-downs of
// words the reader takes back; tax id and branch are text; with lookup lists its customer, product,
// channel and expense category columns pick from them, and a pick reads back as the right id.
import { FAMILIES, FAMILY_INFO, type Family } from "../../src/rules/codes";
import { checkSheet } from "../../src/sheet/check";
import { FIELD_BY_KEY, fieldLabel } from "../../src/sheet/fields";
import { LOOKUP_FIELDS, emptyLists, listRef, listsSheetRows, type LookupLists } from "../../src/sheet/lookups";
import { serviceStatus } from "../../src/sheet/i18n/status";
import { readDocuments } from "../../src/sheet/read";
import { template, templateKeys } from "../../src/sheet/template";
import { parseCell } from "../../src/sheet/values";
import { MemoryWorkbook } from "../../src/workbook/memory";
import { LISTS_SHEET } from "../../src/workbook/port";

const TODAY = "2026-03-02";
const LANGS = ["en", "th"] as const;

describe.each(FAMILIES.flatMap((f) => LANGS.map((lang) => [f, lang] as const)))("%s template in %s", (family: Family, lang) => {
  const t = template(family, TODAY, { lang });
  const keys = templateKeys(family);

  it("is headed by each field's label in the language (its side's), read back to that field without a mapping", () => {
    expect(t.columns.map((c) => c.header)).toEqual(keys.map((k) => fieldLabel(FIELD_BY_KEY.get(k)!, lang, family)));
    expect(t.sheetName).toBe(FAMILY_INFO[family].label[lang]);
    const read = readDocuments({ sheet: t.sheetName, top: 0, left: 0, values: [t.columns.map((c) => c.header)], formats: [], merged: [] });
    expect([...read.layout.headers.byColumn.entries()].map(([col, def]) => [col, def.key])).toEqual(keys.map((k, i) => [i, k]));
    expect(read.findings).toEqual([]);
  });

  it("offers every fixed-value field as a drop-down of words that read back as its values", () => {
    keys.forEach((key, i) => {
      const def = FIELD_BY_KEY.get(key)!;
      const column = t.columns[i];
      if (!def.allowed && def.kind !== "boolean") {
        expect(column.allowed).toBeUndefined();
        return;
      }
      expect(column.allowed?.length).toBeGreaterThan(0);
      const read = column.allowed!.map((shown) => parseCell(def, shown));
      for (const r of read) expect(r.ok).toBe(true);
      const values = read.map((r) => (r.ok ? r.value : undefined));
      if (def.kind === "boolean") expect(values).toEqual([true, false]);
      // Statuses as people say them: each the family's own state where a status is set (act).
      else if (def.kind === "status") expect(column.allowed!.map((w) => serviceStatus(family, String(w), FAMILY_INFO[family].statuses))).toEqual(FAMILY_INFO[family].statuses);
      else expect([...values].sort()).toEqual([...def.allowed!].sort());
      // Words stay text: "7%" typed into a number column would become 0.07.
      if (column.allowed!.some((v) => typeof v === "string" && !/^-?\d+$/.test(v))) expect(column.kind).toBe("text");
    });
  });

  it("keeps tax ids and branches as text, dates as dates and money as money", () => {
    const kind = (key: string) => t.columns[keys.indexOf(key)].kind;
    expect([kind("contactTaxId"), kind("contactBranch"), kind("publishedOn"), kind("item.quantity")]).toEqual(["text", "text", "date", "quantity"]);
    if (keys.includes("collected")) expect(kind("collected")).toBe("money");
  });

  it("has no lookup drop-downs without lists, and one on each lookup column with them", () => {
    expect(t.columns.filter((c) => c.lookup)).toEqual([]);
    const withLists = template(family, TODAY, { lang, lookups: true });
    withLists.columns.forEach((c, i) => {
      const kind = LOOKUP_FIELDS[keys[i]];
      expect(c.lookup).toEqual(kind ? listRef(kind) : undefined);
    });
  });
});

it("an English and a Thai template's example documents check clean", async () => {
  for (const family of ["quotations", "tax-invoices", "cash-invoices", "expenses"] as const) {
    for (const lang of LANGS) {
      const t = template(family, TODAY, { lang });
      const wb = new MemoryWorkbook();
      const name = await wb.addTableSheet(t.sheetName, t.columns, t.rows);
      const read = readDocuments(await wb.read({ sheet: name }));
      expect(read.documents).toHaveLength(1);
      expect(checkSheet(read, family, TODAY).findings.filter((f) => f.severity === "error")).toEqual([]);
      expect(read.documents[0].fields.isVat.value).toBe(true);
    }
  }
});

describe("a template with lookup lists", () => {
  const lists: LookupLists = {
    ...emptyLists(),
    contacts: [{ label: "Siam Trading Co., Ltd.", id: 12 }, { label: "Acme Trading Co., Ltd.", id: 1 }],
    products: [{ label: "Consulting hour", id: 1 }],
    bankAccounts: [{ label: "Bangkok Bank 123-4-56789-0", id: 1 }, { label: "Kasikorn Bank 222-2-22222-2", id: 9 }],
    otherChannels: [{ label: "PromptPay QR", id: 5 }],
    expenseCategories: [{ label: "Travel · 53029", id: 3 }],
  };

  async function filled(family: Family, lang: "en" | "th", values: Record<string, unknown>) {
    const t = template(family, TODAY, { lang, lookups: true });
    const keys = templateKeys(family);
    const wb = new MemoryWorkbook();
    const name = await wb.addTableSheet(t.sheetName, t.columns, [], { hidden: { name: LISTS_SHEET, rows: listsSheetRows(lists) } });
    const row = keys.map((k) => (values[k] ?? null) as never);
    await wb.write(name, [{ row: 1, col: 0, values: [row] }]);
    return { wb, name, keys, read: readDocuments(await wb.read({ sheet: name })) };
  }

  it("keeps the lists on a hidden sheet that the columns' drop-downs show", async () => {
    const { wb, name, keys } = await filled("receipts", "en", {});
    expect(wb.sheet(LISTS_SHEET).hidden).toBe(true);
    expect(wb.dropDown(name, keys.indexOf("contactName"))).toEqual(["Siam Trading Co., Ltd.", "Acme Trading Co., Ltd."]);
    expect(wb.dropDown(name, keys.indexOf("bankAccountId"))).toEqual(["Bangkok Bank 123-4-56789-0", "Kasikorn Bank 222-2-22222-2"]);
    expect(wb.dropDown(name, keys.indexOf("item.name"))).toEqual(["Consulting hour"]);
    expect(wb.dropDown(name, keys.indexOf("paymentMethod"))).toEqual(["Cash", "Cheque", "Transfer", "Credit card", "Petty cash", "Other channel"]);
  });

  it("reads a picked customer as its contactId and picked channels as their ids; typed ids and new names pass as they are", async () => {
    const { read, keys } = await filled("cash-invoices", "th", {
      documentKey: "1", contactName: "Siam Trading Co., Ltd.", "item.name": "Consulting hour", "item.quantity": 1, "item.pricePerUnit": 100,
      paymentMethod: "โอนเงิน", bankAccountId: "Kasikorn Bank 222-2-22222-2", otherChannelId: 5,
    });
    expect(read.findings).toEqual([]);
    const doc = read.documents[0];
    expect(doc.fields.contactId).toEqual({ value: 12, row: 1, col: keys.indexOf("contactName") });
    expect(doc.fields.bankAccountId.value).toBe(9);
    expect(doc.fields.otherChannelId.value).toBe(5);
    expect(doc.fields.paymentMethod.value).toBe(5);
    expect(doc.lines[0].fields["item.name"].value).toBe("Consulting hour");

    const other = await filled("cash-invoices", "en", { documentKey: "1", contactName: "A new customer", "item.name": "Pen", "item.quantity": 1, "item.pricePerUnit": 1 });
    expect(other.read.documents[0].fields.contactId).toBeUndefined();
  });

  it("an expense category picked by its name is its id; a name that is on no list is an unreadable id at its cell", async () => {
    const { read, keys } = await filled("expenses", "en", {
      documentKey: "1", contactName: "Taxi Co.", "item.name": "Taxi", "item.quantity": 1, "item.pricePerUnit": 100, "item.categoryId": "Travel · 53029",
    });
    expect(read.documents[0].lines[0].fields["item.categoryId"].value).toBe(3);
    const bad = await filled("receipts", "en", { documentKey: "1", contactName: "X", bankAccountId: "No such bank" });
    expect(bad.read.findings.map((f) => [f.row, f.col, f.field])).toEqual([[1, bad.keys.indexOf("bankAccountId"), "bankAccountId"]]);
    expect(keys.length).toBeGreaterThan(0);
  });
});

describe("the buying side's words (issue 35)", () => {
  const BUYING = ["purchases-orders", "purchases", "expenses"] as const;
  const header = (family: Family, lang: "en" | "th", key: string) => {
    const t = template(family, TODAY, { lang });
    return t.columns[templateKeys(family).indexOf(key)]?.header;
  };

  it.each(LANGS)("heads the supplier and the amount paid as such on purchase orders, purchases and expenses (%s)", (lang) => {
    for (const family of BUYING) {
      const t = template(family, TODAY, { lang });
      const headers = t.columns.map((c) => c.header);
      expect(header(family, lang, "contactName")).toBe(lang === "en" ? "Supplier" : "ชื่อผู้ขาย");
      expect(headers).not.toContain(lang === "en" ? "Customer" : "ชื่อลูกค้า");
      expect(headers).not.toContain("ยอดรับชำระ");
      if (templateKeys(family).includes("collected")) expect(header(family, lang, "collected")).toBe(lang === "en" ? "Amount paid" : "ยอดจ่ายชำระ");
    }
    // The selling side keeps its customer and the amount collected.
    expect(header("cash-invoices", lang, "contactName")).toBe(lang === "en" ? "Customer" : "ชื่อลูกค้า");
    expect(header("cash-invoices", lang, "collected")).toBe(lang === "en" ? "Collected" : "ยอดรับชำระ");
  });

  it("still reads the old labels on an existing purchase sheet, and the new ones on any sheet", async () => {
    for (const headers of [["Customer", "ยอดรับชำระ"], ["ชื่อผู้ขาย", "ยอดจ่ายชำระ"], ["Supplier", "Amount paid"]]) {
      const read = readDocuments(await new MemoryWorkbook({ S: [[...headers, "Item"], ["Acme", 100, "Pen"]] }).read());
      expect([...read.layout.headers.byColumn.values()].map((d) => d.key)).toEqual(["contactName", "collected", "item.name"]);
    }
  });
});

describe("a Thai template's example (issue 35)", () => {
  // An English word (codes and serials such as INV2026010001 or JV-1 are no language's).
  const latinWords = (rows: unknown[][]) => rows.flat().filter((v) => typeof v === "string" && /[A-Za-z][a-z]{2,}/.test(v));

  it("carries Thai names, items and units, and its dates day first in the Buddhist era, still dates", () => {
    for (const family of FAMILIES) {
      const t = template(family, TODAY, { lang: "th" });
      expect({ family, latin: latinWords(t.rows) }).toEqual({ family, latin: [] });
      const date = templateKeys(family).indexOf("publishedOn");
      expect(t.columns[date]).toMatchObject({ kind: "date", format: "dd/mm/bbbb" });
      expect(t.rows[0][date]).toBeInstanceOf(Date);
    }
    const expense = template("expenses", TODAY, { lang: "th" });
    expect(expense.rows.flat()).toEqual(expect.arrayContaining(["บริษัท ตัวอย่าง จำกัด", "ค่าแท็กซี่ไปพบลูกค้า"]));
    // English stays English, its dates as they were.
    const en = template("expenses", TODAY, { lang: "en" });
    expect(en.rows.flat()).toEqual(expect.arrayContaining(["Example Co., Ltd.", "Taxi to client"]));
    expect(en.columns[templateKeys("expenses").indexOf("publishedOn")].format).toBeUndefined();
  });

  it("of certificates, contacts, products and journal vouchers is Thai too", () => {
    const { whtTemplate } = require("../../src/sheet/wht-rows") as typeof import("../../src/sheet/wht-rows");
    const { bookTemplate } = require("../../src/sheet/books/sheet") as typeof import("../../src/sheet/books/sheet");
    const wht = whtTemplate(TODAY, "th");
    expect(latinWords(wht.rows)).toEqual([]);
    expect(wht.columns.find((c) => c.kind === "date")?.format).toBe("dd/mm/bbbb");
    for (const book of ["contacts", "products", "journal-entries"] as const) {
      const t = bookTemplate(book, TODAY, "th");
      // An e-mail address is what it is in any language.
      expect({ book, latin: latinWords(t.rows).filter((v) => !String(v).includes("@")) }).toEqual({ book, latin: [] });
    }
    expect(bookTemplate("journal-entries", TODAY, "th").columns.find((c) => c.kind === "date")?.format).toBe("dd/mm/bbbb");
  });
});
