import { parseCell, isDateFormat } from "../../src/sheet/values";
import { FIELD_BY_KEY } from "../../src/sheet/fields";
import type { CellValue } from "../../src/workbook/port";

const parse = (key: string, v: CellValue, fmt?: string) => parseCell(FIELD_BY_KEY.get(key)!, v, fmt);
const value = (key: string, v: CellValue, fmt?: string) => {
  const r = parse(key, v, fmt);
  if (!r.ok) throw new Error(r.message);
  return r.value;
};

describe("cell values", () => {
  it("reads dates from serials, JS dates, ISO, DD/MM/YYYY and Buddhist-era years", () => {
    expect(value("publishedOn", 46037, "dd/mm/yyyy")).toBe("2026-01-15");
    expect(value("publishedOn", 46037)).toBe("2026-01-15");
    expect(value("publishedOn", new Date(Date.UTC(2026, 0, 15)))).toBe("2026-01-15");
    expect(value("publishedOn", "2026-01-15")).toBe("2026-01-15");
    expect(value("publishedOn", "15/01/2026")).toBe("2026-01-15");
    expect(value("publishedOn", "5/1/2569")).toBe("2026-01-05");
    expect(value("publishedOn", "2569-01-05")).toBe("2026-01-05");
    expect(value("publishedOn", new Date(Date.UTC(2569, 0, 5)))).toBe("2026-01-05");
    expect(value("publishedOn", "29/02/2024")).toBe("2024-02-29");
    for (const badDate of ["29/02/2026", "2026-02-30", "32/01/2026", "tomorrow", 1.5, true]) {
      expect(parse("publishedOn", badDate).ok).toBe(false);
    }
    expect(isDateFormat("yyyy-mm-dd")).toBe(true);
    expect(isDateFormat("[$-th-TH]d mmm yy")).toBe(true);
    expect(isDateFormat("#,##0.00")).toBe(false);
    expect(isDateFormat("h:mm")).toBe(false);
  });

  it("reads numbers exactly, with thousands separators, and refuses too many decimals", () => {
    expect(value("item.pricePerUnit", "1,234.5678")).toBe(1234.5678);
    expect(value("grandTotal", 0.1 + 0.2)).toBe(0.3);
    expect(value("grandTotal", " 1,000 ")).toBe(1000);
    expect(parse("grandTotal", "1.234").ok).toBe(false);
    expect(parse("grandTotal", "12,34").ok).toBe(false);
    expect(parse("item.quantity", "abc").ok).toBe(false);
    expect(parse("creditDays", 1.5).ok).toBe(false);
    expect(parse("bankAccountId", -3)).toEqual({ ok: false, message: "An id cannot be negative." });
    // The rules say it in the spec's words, at the cell (test/sheet/check.test.ts).
    expect(value("contactId", -3)).toBe(-3);
  });

  it("reads booleans in English and Thai", () => {
    for (const t of [true, "TRUE", "yes", "Y", "ใช่", 1]) expect(value("isVat", t)).toBe(true);
    for (const f of [false, "FALSE", "no", "ไม่ใช่", 0]) expect(value("isVat", f)).toBe(false);
    expect(parse("isVat", "perhaps").ok).toBe(false);
  });

  it("reads codes as numbers or words", () => {
    expect(value("paymentMethod", "Transfer")).toBe(5);
    expect(value("paymentMethod", "เงินสด")).toBe(1);
    expect(value("paymentMethod", 7)).toBe(7);
    expect(parse("paymentMethod", 2).ok).toBe(false);
    expect(value("item.vatRate", "exempt")).toBe(-1);
    expect(value("item.vatRate", 0)).toBe(0);
    expect(parse("item.vatRate", 10).ok).toBe(false);
  });

  it("reads text from any cell and statuses from known words only", () => {
    expect(value("contactTaxId", 1234567890121)).toBe("1234567890121");
    expect(value("contactName", "  Acme ")).toBe("Acme");
    expect(value("status", "Approved And Processed")).toBe("approvedandprocessed");
    expect(parse("status", "finished").ok).toBe(false);
    expect(parse("contactName", { error: "#REF!" }).ok).toBe(false);
  });
});
