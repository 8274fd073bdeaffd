import { MemoryWorkbook, uniqueName, usedRange } from "../../src/workbook/memory";
import { LISTS_SHEET } from "../../src/workbook/port";

describe("the in-memory port", () => {
  it("reads the used range, a given range, formats and merged areas", async () => {
    const wb = new MemoryWorkbook({ S: [[], [null, "a", "b"], [null, 1, { error: "#N/A" }]] });
    wb.sheet("S").formats[2] = ["General", "#,##0.00"];
    wb.sheet("S").merged.push({ top: 1, left: 1, bottom: 1, right: 2 }, { top: 9, left: 9, bottom: 9, right: 9 });
    const block = await wb.read();
    expect([block.top, block.left]).toEqual([1, 1]);
    expect(block.values).toEqual([["a", "b"], [1, { error: "#N/A" }]]);
    expect(block.formats[1][0]).toBe("#,##0.00");
    expect(block.merged).toEqual([{ top: 1, left: 1, bottom: 1, right: 2 }]);
    expect((await wb.read({ range: "C2:C3" })).values).toEqual([["b"], [{ error: "#N/A" }]]);
    await expect(wb.read({ range: "nonsense" })).rejects.toThrow(/not a range/);
    await expect(wb.read({ sheet: "Other" })).rejects.toThrow(/no sheet/);
  });

  it("writes blocks, keeps text as text, marks and clears only its marks, selects", async () => {
    const wb = new MemoryWorkbook({ S: [["x"]] });
    await wb.write("S", [{ row: 1, col: 1, values: [["=SUM(A1)", 2]], formats: [[null, "0.00"]] }]);
    expect(wb.cell("S", 1, 1)).toBe("=SUM(A1)");
    expect(wb.sheet("S").formats[1][2]).toBe("0.00");
    await wb.mark("S", [{ row: 0, col: 0, message: "one" }, { row: 0, col: 0, message: "two" }]);
    expect(wb.sheet("S").marks.get("0,0")).toBe("one\ntwo");
    await wb.clearMarks("S");
    expect(wb.sheet("S").marks.size).toBe(0);
    await wb.select("S", 3, 4);
    expect(wb.selection).toEqual({ sheet: "S", row: 3, col: 4 });
  });

  it("adds table sheets under unique names with formats and validation lists", async () => {
    const wb = new MemoryWorkbook({ Pull: [] });
    const name = await wb.addTableSheet("pull", [{ header: "Total", kind: "money" }, { header: "Rate", kind: "integer", allowed: [7, 0, -1] }], [[1, 7]]);
    expect(name).toBe("pull (2)");
    expect(await wb.sheetNames()).toEqual(["Pull", "pull (2)"]);
    expect(wb.sheet(name).values).toEqual([["Total", "Rate"], [1, 7]]);
    expect(wb.sheet(name).formats[1][0]).toBe("#,##0.00");
    expect(wb.sheet(name).validations.get(1)).toEqual([7, 0, -1]);
  });

  it("keeps lookup lists on a hidden sheet: drop-downs refer to them, reads carry them, refreshes replace them", async () => {
    const wb = new MemoryWorkbook({ Sheet1: [] });
    const lists = [["Contacts", "Contacts id"], ["Acme", 1], ["Siam", 2]];
    const name = await wb.addTableSheet("Tax invoice", [
      { header: "Customer", kind: "text", lookup: { sheet: LISTS_SHEET, col: 0 } },
      { header: "Tax id", kind: "text" },
    ], [["Acme", "0105556000009"]], { hidden: { name: LISTS_SHEET, rows: lists } });
    expect(wb.sheet(name).table).toBe(true);
    expect(wb.sheet(LISTS_SHEET).hidden).toBe(true);
    expect(wb.sheet(name).formats[1][1]).toBe("@");
    expect(wb.dropDown(name, 0)).toEqual(["Acme", "Siam"]);
    expect(wb.dropDown(name, 1)).toBeUndefined();
    expect((await wb.read({ sheet: name })).lists).toEqual(lists);
    expect((await wb.read({ sheet: LISTS_SHEET })).lists).toBeUndefined();
    await wb.writeHiddenSheet(LISTS_SHEET, [["Contacts", "Contacts id"], ["Globex", 3]]);
    expect(wb.dropDown(name, 0)).toEqual(["Globex"]);
    expect(await wb.sheetNames()).toEqual(["Sheet1", LISTS_SHEET, name]);
  });

  it("names and bounds", () => {
    expect(usedRange([])).toBeUndefined();
    expect(usedRange([[null, ""], [null, null, 0]])).toEqual({ top: 1, left: 2, bottom: 1, right: 2 });
    expect(uniqueName("A".repeat(40), ["a".repeat(31)])).toBe(`${"A".repeat(27)} (2)`);
  });
});
