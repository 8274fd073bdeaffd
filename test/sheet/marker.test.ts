// The post's marker: the user's internal notes are kept exactly, the marker is their last line,
// pulls take it away again, and notes that leave it no room are a finding at their cell.
import { LONG_TEXT_MAX } from "../../src/rules/limits";
import { buildDocument } from "../../src/sheet/body";
import { checkSheet } from "../../src/sheet/check";
import { MARKER_ROOM, NOTES_MAX, documentMarker, hasMarker, notesWithMarker, stripMarkers } from "../../src/sheet/marker";
import { documentRows } from "../../src/sheet/pull";
import { readDocuments } from "../../src/sheet/read";
import type { CellValue } from "../../src/workbook/port";
import { withVat } from "../helpers/vat-columns";

function read(rows: CellValue[][]) {
  return readDocuments({ sheet: "S", top: 0, left: 0, values: rows, formats: [], merged: [] });
}

const HEADER = ["Document key", "Customer", "Date", "Item", "Quantity", "Unit price", "Internal notes"];

describe("the marker in internalNotes", () => {
  it("goes below the user's notes, which come back exactly as they were", () => {
    for (const notes of ["", "Call before delivery", "  two\n\nlines  \n", "line one\r\nline two", "\nstarts with a blank line", "docsheet: a user's own line"]) {
      const sent = notesWithMarker(notes, "docsheet:abc1234:INV-1");
      expect(sent.split(/\r?\n/).pop()).toBe("docsheet:abc1234:INV-1");
      expect(hasMarker(sent, "docsheet:abc1234:INV-1")).toBe(true);
      expect(stripMarkers(sent)).toBe(notes);
    }
    // A pulled document's marker is not carried into a new one.
    expect(notesWithMarker("mine\ndocsheet:0old000:X", "docsheet:1new111:Y")).toBe("mine\ndocsheet:1new111:Y");
    expect(stripMarkers("docsheet:0old000:X\nmine")).toBe("mine");
  });

  it("is built into the body the post sends, with the user's notes kept", () => {
    const r = read([HEADER, ["INV-1", "Acme", "2026-03-01", "Pen", 1, 10, "Deliver to the back door"]]);
    const marker = documentMarker("S", r.documents[0]);
    const built = buildDocument(r.documents[0], "tax-invoices", r.layout, { today: "2026-03-01", marker });
    expect(built.body.internalNotes).toBe(`Deliver to the back door\n${marker}`);
    expect(marker).toMatch(/^docsheet:[0-9a-z]{7}:INV-1$/);
  });

  it("keeps to MARKER_ROOM whatever the key: long keys are cut at whole characters", () => {
    const key = `${"ก".repeat(30)}${"😀".repeat(20)}`;
    const r = read([HEADER, [key, "Acme", "2026-03-01", "Pen", 1, 10, null]]);
    const marker = documentMarker("S", r.documents[0]);
    expect(marker.length + 1).toBeLessThanOrEqual(MARKER_ROOM);
    expect(marker).not.toMatch(/[\ud800-\udbff]$/); // no half of a surrogate pair
    expect(NOTES_MAX + MARKER_ROOM).toBe(LONG_TEXT_MAX);
  });

  it("notes that leave the marker no room are a finding at their cell, the same in check and post", () => {
    const tooLong = "x".repeat(NOTES_MAX + 1);
    const r = read(withVat([HEADER, ["1", "Acme", "2026-03-01", "Pen", 1, 10, tooLong], ["2", "Acme", "2026-03-01", "Pen", 1, 10, "x".repeat(NOTES_MAX)]], { isVat: false }));
    const { findings } = checkSheet(r, "tax-invoices", "2026-03-01");
    expect(findings.map((f) => [f.cell, f.field, f.message])).toEqual([["G2", "internalNotes", `must be at most ${NOTES_MAX} characters`]]);
    const built = buildDocument(r.documents[1], "tax-invoices", r.layout, { today: "2026-03-01", marker: documentMarker("S", r.documents[1]) });
    expect((built.body.internalNotes as string).length).toBeLessThanOrEqual(LONG_TEXT_MAX);
  });

  it("is not in a pulled sheet: the notes are the user's alone", () => {
    const keys = ["documentKey", "internalNotes"];
    const pulled = (notes: string) => documentRows({ documentSerial: "INV1", internalNotes: notes }, keys, false)[0][1];
    expect(pulled("Call first\ndocsheet:1a2b3c4:INV-1")).toBe("Call first");
    expect(pulled("docsheet:1a2b3c4:INV-1")).toBeNull();
    expect(pulled("  as typed  ")).toBe("  as typed  ");
  });
});
