import { MemoryWorkbook } from "../../src/workbook/memory";
import { readDocuments } from "../../src/sheet/read";
import { FIELDS, fieldForHeader, normalizeName } from "../../src/sheet/fields";
import { cellAddress, columnIndex, columnLetters, parseCell, parseRange } from "../../src/workbook/address";

async function read(rows: (string | number | boolean | Date | null | { error: string })[][], setup?: (wb: MemoryWorkbook) => void) {
  const wb = new MemoryWorkbook({ Sales: rows });
  setup?.(wb);
  return readDocuments(await wb.read());
}

describe("A1 addressing", () => {
  it("converts both ways", () => {
    expect(columnLetters(0)).toBe("A");
    expect(columnLetters(25)).toBe("Z");
    expect(columnLetters(26)).toBe("AA");
    expect(columnLetters(701)).toBe("ZZ");
    expect(columnLetters(702)).toBe("AAA");
    for (const n of [0, 5, 25, 26, 51, 700, 701, 702, 16383]) expect(columnIndex(columnLetters(n))).toBe(n);
    expect(cellAddress(6, 1)).toBe("B7");
    expect(parseCell("$B$7")).toEqual({ row: 6, col: 1 });
    expect(parseCell("7B")).toBeUndefined();
    expect(parseRange("Sheet1!C9:A1")).toEqual({ top: 0, left: 0, bottom: 8, right: 2 });
  });
});

describe("header mapping", () => {
  it("knows wire names ignoring case and spaces, item.<field>, English and Thai labels", () => {
    expect(fieldForHeader("contactName")?.key).toBe("contactName");
    expect(fieldForHeader(" Contact Name ")?.key).toBe("contactName");
    expect(fieldForHeader("Customer")?.key).toBe("contactName");
    expect(fieldForHeader("ชื่อลูกค้า")?.key).toBe("contactName");
    expect(fieldForHeader("Unit price")?.key).toBe("item.pricePerUnit");
    expect(fieldForHeader("ราคาต่อหน่วย")?.key).toBe("item.pricePerUnit");
    expect(fieldForHeader("ITEM.QUANTITY")?.key).toBe("item.quantity");
    expect(fieldForHeader("discountAmount")?.key).toBe("discountAmount");
    expect(fieldForHeader("item.discountAmount")?.key).toBe("item.discountAmount");
    expect(fieldForHeader("is vat inclusive")?.key).toBe("isVatInclusive");
    expect(fieldForHeader("documentReference.recordId")?.key).toBe("source.recordId");
    expect(fieldForHeader("nonsense")).toBeUndefined();
  });

  it("gives every label to exactly one field", () => {
    const owner = new Map<string, string>();
    for (const d of FIELDS) {
      for (const label of [d.key, ...d.en, ...d.th]) {
        const k = normalizeName(label);
        const prev = owner.get(k);
        if (prev && prev !== d.key) throw new Error(`label "${label}" of ${d.key} already names ${prev}`);
        owner.set(k, d.key);
        // A certificate field names its column on certificate sheets only.
        expect(fieldForHeader(label, d.wht === true)?.key).toBe(d.key);
        if (d.wht) expect(fieldForHeader(label)).toBeUndefined();
      }
    }
  });

  it("warns about unknown headers and refuses a field named twice", async () => {
    const r = await read([["Customer", "Colour", "contactName"], ["A", "red", "B"]]);
    expect(r.findings.map((f) => [f.cell, f.severity])).toEqual([["B1", "warning"], ["C1", "error"]]);
  });

  it("knows every column the jobs write back, so a worked sheet reads without warnings", async () => {
    const results = ["recordId", "documentSerial", "status", "result", "shareLink", "pdfFile", "upgradedTo", "upgradedRecordId", "upgradedSerial"];
    const r = await read([["Customer", ...results], ["A", 12, "QT1", "approvedandprocessed", "done", "https://x/s", "QT1.pdf", "tax-invoices", 13, "INV1"]]);
    expect(r.findings).toEqual([]);
    expect(Object.keys(r.documents[0].fields)).toEqual(["contactName", ...results]);
    expect(r.documents[0].fields.upgradedRecordId.value).toBe(13);
  });

  it("needs at least one known header", async () => {
    const r = await read([["foo", "bar"], [1, 2]]);
    expect(r.findings.some((f) => f.cell === "A1" && f.severity === "error")).toBe(true);
    expect(r.documents).toEqual([]);
  });
});

describe("reading rows into documents", () => {
  const header = ["documentKey", "Customer", "Date", "Item", "Qty", "Unit price"];

  it("groups rows by documentKey, remembers every cell and skips blank rows", async () => {
    const r = await read([
      header,
      ["A", "Acme", "2026-01-15", "Pen", 2, "1,234.50"],
      ["A", null, null, "Ink", 1, 10],
      [null, null, null, null, null, null],
      ["B", "Beta", "15/01/2569", "Paper", "3", 5],
    ]);
    expect(r.findings).toEqual([]);
    expect(r.documents.map((d) => [d.key, d.rows, d.lines.length])).toEqual([["A", [1, 2], 2], ["B", [4], 1]]);
    const a = r.documents[0];
    expect(a.fields.contactName).toEqual({ value: "Acme", row: 1, col: 1 });
    expect(a.lines[0].fields["item.pricePerUnit"]).toEqual({ value: 1234.5, row: 1, col: 5 });
    expect(a.lines[1].fields["item.name"]).toEqual({ value: "Ink", row: 2, col: 3 });
    expect(r.documents[1].fields.publishedOn.value).toBe("2026-01-15");
  });

  it("makes each row a document when there is no documentKey column", async () => {
    const r = await read([["Customer", "Item"], ["A", "x"], ["B", "y"]]);
    expect(r.documents.map((d) => d.key)).toEqual(["row 2", "row 3"]);
  });

  it("reports a later row whose header field differs, at that cell", async () => {
    const r = await read([header, ["A", "Acme", "2026-01-15", "Pen", 1, 1], ["A", "Acme Ltd", "2026-01-15", "Ink", 1, 1]]);
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({ sheet: "Sales", cell: "B3", field: "contactName", severity: "error" });
    expect(r.documents[0].broken).toBe(true);
  });

  it("reports an empty documentKey on a filled row", async () => {
    const r = await read([header, [null, "Acme", "2026-01-15", "Pen", 1, 1]]);
    expect(r.findings[0]).toMatchObject({ cell: "A2", field: "documentKey" });
  });

  it("turns every bad cell into a finding at that cell, never a crash", async () => {
    const r = await read(
      [
        ["documentKey", "Customer", "Date", "Item", "Qty", "Unit price", "VAT inclusive", "Status", "Due date"],
        ["A", "Acme", "31/02/2026", "Pen", "two", { error: "#N/A" }, "maybe", "done", "2026-13-01"],
        ["B", "Beta", "2026-01-01", "Pen", 1, 1, "ใช่", "Awaiting", 46023],
        ["C", "Gamma", "2026-01-01", "Merged", 1, 1, true, null, null],
        ["C", null, null, null, 1, 1, null, null, null],
      ],
      (wb) => wb.sheet("Sales").merged.push({ top: 3, left: 3, bottom: 4, right: 3 }),
    );
    const at = Object.fromEntries(r.findings.map((f) => [f.cell, f]));
    expect(Object.keys(at).sort()).toEqual(["C2", "D4", "E2", "F2", "G2", "H2", "I2"]);
    expect(at.C2.message).toMatch(/not a possible date/);
    expect(at.E2.message).toMatch(/not a number/);
    expect(at.F2.message).toMatch(/#N\/A/);
    expect(at.G2.message).toMatch(/yes or no/);
    expect(at.H2.message).toMatch(/Unknown status/);
    expect(at.D4.message).toMatch(/Merged cells D4:D5/);
    const b = r.documents.find((d) => d.key === "B")!;
    expect(b.fields.isVatInclusive.value).toBe(true);
    expect(b.fields.status.value).toBe("awaiting");
    expect(b.fields.dueDate.value).toBe("2026-01-01");
    expect(r.documents.find((d) => d.key === "C")!.broken).toBe(true);
    expect(r.documents.find((d) => d.key === "A")!.broken).toBe(true);
    expect(b.broken).toBe(false);
  });

  it("leaves a bad cell out of its document, names it unreadable and reads the rest of the document", async () => {
    const r = await read([
      ["documentKey", "Customer", "Date", "Item", "Qty", "Unit price"],
      ["A", "Acme", "31/02/2026", "Pen", "two", 10],
      ["A", null, null, "Ink", 1, { error: "#N/A" }],
    ]);
    const [a] = r.documents;
    expect(a.broken).toBe(true);
    expect([...a.unreadable]).toEqual(["publishedOn"]);
    expect(a.fields.contactName.value).toBe("Acme");
    expect(a.lines.map((l) => [[...l.unreadable], Object.keys(l.fields)])).toEqual([
      [["item.quantity"], ["item.name", "item.pricePerUnit"]],
      [["item.pricePerUnit"], ["item.name", "item.quantity"]],
    ]);
  });
});
