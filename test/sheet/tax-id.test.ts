// Thai tax ids and branch codes: read from cells as 13-digit / 5-digit text, repaired where Excel
// dropped leading zeros, refused with a finding at the cell otherwise.
import { MemoryWorkbook } from "../../src/workbook/memory";
import { readDocuments } from "../../src/sheet/read";
import { buildDocument } from "../../src/sheet/body";
import { checkSheet } from "../../src/sheet/check";
import { columnFor } from "../../src/sheet/columns";
import { parseCell } from "../../src/sheet/values";
import { FIELD_BY_KEY } from "../../src/sheet/fields";
import { isValidTaxId } from "../../src/sheet/tax-id";
import { KIND_FORMATS } from "../../src/workbook/memory";
import type { CellValue } from "../../src/workbook/port";

const parse = (key: string, v: CellValue) => parseCell(FIELD_BY_KEY.get(key)!, v);

describe("the check digit", () => {
  it("accepts ids whose last digit is (11 − Σ digit × weight mod 11) mod 10, and no other last digit", () => {
    for (const id of ["0105551234567", "1234567890121", "0105556000009", "3101001234565", "0993000123450"]) {
      expect(isValidTaxId(id)).toBe(true);
      for (let d = 0; d < 10; d++) if (String(d) !== id[12]) expect(isValidTaxId(id.slice(0, 12) + d)).toBe(false);
    }
    expect(isValidTaxId("0105551234576")).toBe(false); // two digits swapped
    for (const bad of ["", "010555123456", "01055512345670", "010555123456x"]) expect(isValidTaxId(bad)).toBe(false);
  });
});

describe("tax id cells", () => {
  it("reads 13 digits as text, with dashes, spaces or Thai digits", () => {
    for (const v of ["0105551234567", " 0105551234567 ", "0-1055-51234-56-7", "0 1055 51234 56 7", "๐๑๐๕๕๕๑๒๓๔๕๖๗"]) {
      expect(parse("contactTaxId", v)).toEqual({ ok: true, value: "0105551234567" });
    }
    // A personal id has no leading zero: a number keeps all 13 digits.
    expect(parse("contactTaxId", 1234567890121)).toEqual({ ok: true, value: "1234567890121" });
  });

  it("restores the leading zero Excel dropped when the 13 digits then check, with a note", () => {
    const note = "Leading zero restored: 0105551234567";
    expect(parse("contactTaxId", 105551234567)).toEqual({ ok: true, value: "0105551234567", note });
    expect(parse("contactTaxId", "105551234567")).toEqual({ ok: true, value: "0105551234567", note });
  });

  it("refuses a wrong check digit, 12 digits that do not check with a zero in front, and anything else", () => {
    expect(parse("contactTaxId", "0105551234568")).toEqual({
      ok: false, message: "0105551234568 is not a valid tax id: its last digit does not match the other 12; look for a mistyped digit.",
    });
    expect(parse("contactTaxId", 105551234568)).toEqual({
      ok: false, message: "105551234568 has 12 digits and with the leading zero Excel drops it is still not a valid tax id; enter the 13 digits as text.",
    });
    for (const v of ["12345", "01055512345670", "abc", "0105551234567 HQ", 1.5, -105551234567, true, new Date(Date.UTC(2026, 0, 1))]) {
      const r = parse("contactTaxId", v);
      expect({ v, ok: r.ok }).toEqual({ v, ok: false });
      if (!r.ok) expect(r.message).toMatch(/is not a tax id: a Thai tax id has 13 digits\.$/);
    }
  });

  it("puts the note and the findings at their cells, and sends the 13-digit text", async () => {
    const read = readDocuments(await new MemoryWorkbook({ S: [
      ["Customer", "Tax id", "isVat", "Item", "Qty", "Unit price"],
      ["Acme", 105551234567, true, "Pen", 1, 100],
      ["Beta", "0105551234568", true, "Pen", 1, 100],
    ] }).read());
    expect(read.findings.map((f) => [f.cell, f.field, f.severity, f.message])).toEqual([
      ["B2", "contactTaxId", "note", "Leading zero restored: 0105551234567"],
      ["B3", "contactTaxId", "error", "0105551234568 is not a valid tax id: its last digit does not match the other 12; look for a mistyped digit."],
    ]);
    const built = buildDocument(read.documents[0], "tax-invoices", read.layout, { today: "2026-03-01" });
    expect(built.body.contactTaxId).toBe("0105551234567");
    const { findings } = checkSheet(read, "tax-invoices", "2026-03-01");
    expect(findings.filter((f) => f.severity === "error").map((f) => f.cell)).toEqual(["B3"]);
  });
});

describe("branch cells", () => {
  it("reads a 5-digit branch code; head office words are 00000", () => {
    for (const v of ["00000", "สำนักงานใหญ่", "Head office", "HEAD OFFICE", "HQ", "สนญ.", "สาขาที่ 00000"]) {
      expect({ v, r: parse("contactBranch", v) }).toEqual({ v, r: { ok: true, value: "00000" } });
    }
    for (const v of ["00012", "สาขา 12", "สาขาที่ 00012", "Branch 12", "Branch no. 12", "๐๐๐๑๒"]) {
      expect({ v, r: parse("contactBranch", v) }).toEqual({ v, r: { ok: true, value: "00012" } });
    }
  });

  it("pads a bare number Excel stripped of its zeros, with a note", () => {
    expect(parse("contactBranch", 1)).toEqual({ ok: true, value: "00001", note: "Leading zeros restored: 00001" });
    expect(parse("contactBranch", 0)).toEqual({ ok: true, value: "00000", note: "Leading zeros restored: 00000" });
    expect(parse("contactBranch", 12345)).toEqual({ ok: true, value: "12345" });
  });

  it("refuses anything else", () => {
    for (const v of ["123456", "Chiang Mai", "สาขาเชียงใหม่", 1.5, -1, true]) {
      const r = parse("contactBranch", v);
      expect({ v, ok: r.ok }).toEqual({ v, ok: false });
      if (!r.ok) expect(r.message).toMatch(/is not a branch code: use 5 digits \(00000 for head office, 00001 for branch 1\)/);
    }
  });
});

describe("columns the engine writes", () => {
  it("holds tax ids and branches as text, so Excel keeps their zeros", () => {
    for (const key of ["contactTaxId", "contactBranch"]) expect(KIND_FORMATS[columnFor(key).kind]).toBe("@");
  });
});
