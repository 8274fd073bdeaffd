// The Excel port against the strict Office.js fake: what it reads and writes, and how many syncs
// each action costs (the house rules: a check, read and marks, takes at most 3; writes and marks sync
// per 5 MB chunk).
import fc from "fast-check";
import {
  ExcelPort, MARK_FILL, MARKS_SETTING, MAX_READ_CELLS, MIN_CELL_RESPONSE_BYTES, READ_TARGET_BYTES, chunkRows, excelSerial, uniqueSheetName,
} from "../../src/workbook/excel";
import { LISTS_SHEET } from "../../src/workbook/port";
import { checkJob } from "../../src/jobs/check";
import { invoiceRows } from "./invoice-rows";
import { Decimal } from "../../src/rules/money";
import { sums, type VatEntry } from "../../src/sheet/vat-entries";
import { sideTable } from "../../src/sheet/vat-tables";
import { FakeExcel, FakeOfficeError, LIMIT_BYTES, RESPONSE_TOO_LARGE, sizeOf } from "./excel-fake";

function setup(version = "1.18"): { excel: FakeExcel; port: ExcelPort } {
  const excel = new FakeExcel(version, ["Sheet1", "Other"]);
  return { excel, port: new ExcelPort(excel.host()) };
}

const HEADER = ["documentKey", "contactName", "publishedOn", "item.pricePerUnit"];

describe("the fake is strict", () => {
  test("reading a property that was not loaded and synced throws", async () => {
    const excel = new FakeExcel();
    await expect(excel.host().run(async (context) => {
      const range = context.workbook.getSelectedRange();
      range.load("values");
      return range.values; // no sync yet
    })).rejects.toThrow(/PropertyNotLoaded/);
    await expect(excel.host().run(async (context) => {
      const range = context.workbook.getSelectedRange().load("values");
      await context.sync();
      return range.rowCount; // loaded something else
    })).rejects.toThrow(/PropertyNotLoaded/);
  });

  test("a General cell turns '=…' into a formula and '-5' into a number, as Excel does", async () => {
    const excel = new FakeExcel();
    await excel.host().run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRangeByIndexes(0, 0, 1, 2).values = [["=1+1", "-5"]];
      await context.sync();
    });
    const sheet = excel.sheet("Sheet1");
    expect(sheet.peek(0, 0)?.formula).toBe("=1+1");
    expect(sheet.value(0, 1)).toBe(-5);
  });

  // 6 MB of ASCII; and 2M Thai characters, 6 MB because request sizes are UTF-8 bytes.
  test.each([["x", 3000, 2000], ["ก", 2000, 1000]])("a request over 5 MB fails (%s × %i rows × %i)", async (char, rows, width) => {
    const excel = new FakeExcel();
    const big = Array.from({ length: rows }, () => [char.repeat(width)]);
    const run = excel.host().run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRangeByIndexes(0, 0, rows, 1).values = big;
      await context.sync();
    });
    await expect(run).rejects.toThrow(FakeOfficeError);
    await expect(run).rejects.toThrow(/RequestPayloadSizeLimitExceeded/);
  });

  test("a response over 5 MB fails, delivers none of its loads, and leaves the context usable", async () => {
    const excel = new FakeExcel();
    // 2,000 cells of 1,000 Thai characters: 6 MB of values as UTF-8 JSON, 3 MB for half of them
    excel.sheet("Sheet1").fill(Array.from({ length: 2000 }, (_, r) => [`${"ก".repeat(1000)}${r}`]));
    const [error, unloaded, half] = await excel.host().run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      const all = sheet.getRangeByIndexes(0, 0, 2000, 1).load("values");
      const error = await context.sync().then(() => undefined, (e: unknown) => e);
      const unloaded = (() => { try { return all.values; } catch (e) { return e; } })();
      const first = sheet.getRangeByIndexes(0, 0, 1000, 1).load("values");
      await context.sync(); // the same Excel.run goes on
      return [error, unloaded, first.values];
    });
    expect(error).toBeInstanceOf(FakeOfficeError);
    expect((error as FakeOfficeError).code).toBe(RESPONSE_TOO_LARGE);
    expect(String(unloaded)).toMatch(/PropertyNotLoaded/);
    expect(half[999][0]).toBe(`${"ก".repeat(1000)}999`);
    const [refused, delivered] = excel.syncLog.filter((s) => s.run === excel.runs);
    expect(refused.response).toBeGreaterThan(LIMIT_BYTES);
    expect(delivered.response).toBeLessThan(LIMIT_BYTES);
    expect(delivered.response).toBeGreaterThan(3_000_000); // UTF-8: 3 bytes a Thai character
  });

  // Each load is under 5 MB; what one sync returns altogether is not.
  test.each([
    ["two ranges of 3 MB of Thai values", 1000, 1, "ข".repeat(1000), [["values"], ["values"]]],
    // 250,000 short cells: values 1.5 MB, valueTypes 2.25 MB, numberFormat 2.5 MB
    ["values, valueTypes and numberFormat of one range", 12_500, 20, "ข", [["values", "valueTypes", "numberFormat"]]],
  ])("the response limit counts everything one sync loads: %s", async (_, rows, cols, text, loads) => {
    const excel = new FakeExcel();
    excel.sheet("Sheet1").fill(Array.from({ length: rows * loads.length }, () => Array.from({ length: cols }, () => text)));
    const load = (props: string[][], syncEach: boolean) => excel.host().run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      for (const [i, names] of props.entries()) {
        sheet.getRangeByIndexes(i * rows, 0, rows, cols).load(names);
        if (syncEach) await context.sync();
      }
      await context.sync();
    });
    await expect(load(loads, false)).rejects.toMatchObject({ code: RESPONSE_TOO_LARGE });
    if (loads.length > 1) await expect(load(loads, true)).resolves.toBeUndefined(); // one sync each
    // and each property alone fits
    for (const names of loads) for (const name of names) await expect(load([[name]], false)).resolves.toBeUndefined();
  });

  test("10,000 single-cell fills in one request pass 5 MB (Microsoft's payload example)", async () => {
    const excel = new FakeExcel();
    await expect(excel.host().run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      for (let r = 0; r < 10_000; r++) sheet.getRangeByIndexes(r, 0, 1, 1).format.fill.color = "#FF0000";
      await context.sync();
    })).rejects.toThrow(/RequestPayloadSizeLimitExceeded/);
  });

  test("comments.getItemOrNullObject is ExcelApi 1.14; comments.add on a commented cell throws", async () => {
    const old = new FakeExcel("1.13");
    await expect(old.host().run(async (context) => {
      context.workbook.comments.getItemOrNullObject("x");
    })).rejects.toThrow(/ApiNotFound/);
    const excel = new FakeExcel("1.12");
    const sheet = excel.sheet("Sheet1");
    excel.comments.set("user-1", { sheet, row: 0, col: 0, content: "the user's" });
    await expect(excel.host().run(async (context) => {
      const ws = context.workbook.worksheets.getItem("Sheet1");
      ws.comments.add(ws.getRange("A1"), "ours");
      await context.sync();
    })).rejects.toThrow(/already has a comment/);
    const [content, row] = await excel.host().run(async (context) => {
      const comments = context.workbook.worksheets.getItem("Sheet1").comments.load("items/id");
      await context.sync();
      const cell = comments.items[0].getLocation().load("rowIndex");
      await context.sync();
      return [comments.items.map((c) => c.id), cell.rowIndex];
    });
    expect([content, row]).toEqual([["user-1"], 0]);
  });

  test("getSelectedRange throws when several areas are selected; getSelectedRanges lists them", async () => {
    const excel = new FakeExcel();
    excel.selectAreas(excel.sheet("Sheet1"), [{ top: 1, left: 1, rows: 2, cols: 2 }, { top: 9, left: 0, rows: 1, cols: 3 }]);
    await expect(excel.host().run(async (context) => {
      context.workbook.getSelectedRange().load("rowIndex");
      await context.sync();
    })).rejects.toThrow(/InvalidSelection/);
    const areas = await excel.host().run(async (context) => {
      const selected = context.workbook.getSelectedRanges().areas.load("items/rowIndex,items/rowCount");
      await context.sync();
      return selected.items.map((a) => [a.rowIndex, a.rowCount]);
    });
    expect(areas).toEqual([[1, 2], [9, 1]]);
  });
});

describe("read", () => {
  test("a selection: values, formats (dates stay serials with a date format), errors, merged areas, in 2 syncs", async () => {
    const { excel, port } = setup();
    const sheet = excel.sheet("Sheet1");
    sheet.fill([HEADER, ["A1", "Acme", 46023, 100.5], ["A1", "Acme", 46023, 3]], 1, 1, [[], ["", "", "yyyy-mm-dd", "#,##0.00"]]);
    sheet.cell(3, 3).value = "#N/A";
    sheet.cell(3, 3).type = "Error";
    sheet.merged.push({ top: 2, left: 1, bottom: 3, right: 1 });
    excel.select(sheet, 1, 1, 3, 4);
    const block = await port.read();
    expect(block).toMatchObject({ sheet: "Sheet1", top: 1, left: 1 });
    expect(block.values[0]).toEqual(HEADER);
    expect(block.values[1]).toEqual(["A1", "Acme", 46023, 100.5]);
    expect(block.values[2][2]).toEqual({ error: "#N/A" });
    expect(block.formats[1][2]).toBe("yyyy-mm-dd");
    expect(block.formats[1][3]).toBe("#,##0.00");
    expect(block.merged).toEqual([{ top: 2, left: 1, bottom: 3, right: 1 }]);
    expect(excel.syncsOfRun()).toBe(2);
  });

  test("one active cell inside a table reads the whole table: in 2 syncs, 3 when its last rows are empty", async () => {
    const { excel, port } = setup();
    const sheet = excel.sheet("Sheet1");
    sheet.fill([HEADER, ["A", "B", 1, 2], ["C", "D", 3, 4]], 4, 2);
    sheet.tables.push({ name: "T", top: 4, left: 2, rows: 3, cols: 4 });
    excel.select(sheet, 5, 3);
    let block = await port.read();
    expect([block.top, block.left, block.values.length, block.values[0].length]).toEqual([4, 2, 3, 4]);
    expect(block.values[2]).toEqual(["C", "D", 3, 4]);
    expect(excel.syncsOfRun()).toBe(2); // where; the table's extent with the used range's data
    sheet.fill([["next to the table"]], 3, 2); // touches the table: cut out of the used range all the same
    sheet.merged.push({ top: 3, left: 2, bottom: 3, right: 3 }, { top: 6, left: 4, bottom: 6, right: 5 });
    block = await port.read();
    expect([block.top, block.left, block.values.length, block.values[0].length]).toEqual([4, 2, 3, 4]);
    expect(block.values[0]).toEqual(HEADER);
    expect(block.merged).toEqual([{ top: 6, left: 4, bottom: 6, right: 5 }]);
    expect(excel.syncsOfRun()).toBe(2);
    // A table whose last rows are empty reaches below the used range: read on its own.
    sheet.tables[0].rows = 5;
    block = await port.read();
    expect([block.top, block.values.length]).toEqual([4, 5]);
    expect(excel.syncsOfRun()).toBe(3);
  });

  test("one active cell outside a table reads its current region", async () => {
    const { excel, port } = setup();
    const sheet = excel.sheet("Sheet1");
    sheet.fill([HEADER, ["A", "B", 1, 2]], 0, 0);
    sheet.fill([["far away"]], 20, 20);
    excel.select(sheet, 1, 1);
    const block = await port.read();
    expect(block.values).toEqual([HEADER, ["A", "B", 1, 2]]);
    expect(excel.syncsOfRun()).toBe(2);
  });

  test("a whole-column selection reads only its used part; another sheet reads its used range", async () => {
    const { excel, port } = setup();
    const sheet = excel.sheet("Sheet1");
    sheet.fill([HEADER, ["A", "B", 1, 2]], 2, 0);
    excel.select(sheet, 0, 0, 1_048_576, 4);
    const block = await port.read();
    expect([block.top, block.values.length]).toEqual([2, 2]);
    excel.sheet("Other").fill([["x", "y"], [1, 2]], 5, 5);
    const other = await port.read({ sheet: "Other" });
    expect(other).toMatchObject({ sheet: "Other", top: 5, left: 5, values: [["x", "y"], [1, 2]] });
  });

  test("an explicit range; an empty sheet gives one empty cell", async () => {
    const { excel, port } = setup();
    excel.sheet("Sheet1").fill([[1, 2], [3, 4]]);
    expect((await port.read({ range: "B1:B2" })).values).toEqual([[2], [4]]);
    expect((await port.read({ sheet: "Other" })).values).toEqual([[null]]);
    await expect(port.read({ sheet: "Missing" })).rejects.toThrow(/Missing/);
  });

  test("a multi-area (Ctrl+click) selection reads its first area", async () => {
    const { excel, port } = setup();
    const sheet = excel.sheet("Sheet1");
    sheet.fill([HEADER, ["A", "B", 1, 2], ["C", "D", 3, 4]]);
    excel.selectAreas(sheet, [{ top: 0, left: 0, rows: 2, cols: 2 }, { top: 2, left: 3, rows: 1, cols: 1 }]);
    const block = await port.read();
    expect(block).toMatchObject({ top: 0, left: 0, values: [HEADER.slice(0, 2), ["A", "B"]] });
    expect(excel.syncsOfRun()).toBe(2);
  });

  test("without ExcelApi 1.13 merged areas are skipped, not an error", async () => {
    const { excel, port } = setup("1.9");
    excel.sheet("Sheet1").fill([[1, 2], [3, 4]]);
    excel.sheet("Sheet1").merged.push({ top: 0, left: 0, bottom: 0, right: 1 });
    excel.select(excel.sheet("Sheet1"), 0, 0, 2, 2);
    expect((await port.read()).merged).toEqual([]);
  });

  /** A cell of a kind, `len` characters of text (numbers ignore it), unique by its place. */
  const CELL_KINDS = {
    number: (r: number, c: number) => r * 1_000 + c + 0.25,
    ascii: (r: number, c: number, len: number) => `${r}:${c}:`.padEnd(len, "x"),
    thai: (r: number, c: number, len: number) => `${r}:${c}:`.padEnd(len, "ก"),
    empty: () => "",
  };
  /** What reading the block in one go answers: values, value types and formats, as Excel sends them. */
  function responseBytes(values: (string | number)[][]): number {
    const types = values.map((row) => row.map((v) => (v === "" ? "Empty" : typeof v === "number" ? "Double" : "String")));
    return sizeOf(values) + sizeOf(types) + sizeOf(values.map((row) => row.map(() => "General")));
  }

  // Any selection whose response fits in Excel on the web's 5 MB, up to the limit itself: above the
  // 100,000 cells a first chunk used to hold too. Filling a 5 MB sheet takes a while: bounded runs.
  // A check reads, then replaces the marks of the check before (if any) with its own: at most 3
  // syncs in all, the first check and the one after it alike.
  test("a check of any selection under 5 MB, or of a table from one cell, marks included, takes at most 3 syncs: where, the data, the marks", async () => {
    await fc.assert(fc.asyncProperty(
      fc.constantFrom(...(Object.keys(CELL_KINDS) as (keyof typeof CELL_KINDS)[])),
      fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1_000, max: LIMIT_BYTES }), fc.boolean(), fc.integer({ min: 0, max: 50 }),
      fc.boolean(), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }), fc.constantFrom("1.18", "1.12", "1.9"),
      async (kind, len, cols, bytes, inTable, offset, withLists, bad, badAgain, version) => {
        const row = (r: number) => Array.from({ length: cols }, (_, c) => CELL_KINDS[kind](r, c, len));
        const rows = Math.max(2, Math.floor(bytes / Math.max(1, responseBytes([row(99_999)]))));
        const values = Array.from({ length: rows }, (_, r) => row(r));
        values[0] = values[0].map((_, c) => `h${c}`); // a header row: a table needs one, and the block a non-empty corner
        values[rows - 1][cols - 1] = "last";
        // room for the property names, the merged areas, the lists and what the marks of a check before bring
        fc.pre(responseBytes(values) + 200 * Math.max(bad, badAgain) <= LIMIT_BYTES - 2_048);
        const { excel, port } = setup(version);
        if (withLists) await port.writeHiddenSheet(LISTS_SHEET, [["Contacts", "Contacts id"], ["Acme", 1], ["Siam", 2]]);
        const sheet = excel.sheet("Sheet1");
        sheet.fill(values, offset, offset);
        if (inTable) {
          sheet.tables.push({ name: "T", top: offset, left: offset, rows, cols });
          excel.select(sheet, offset + rows - 1, offset);
        } else {
          excel.select(sheet, offset, offset, rows, cols);
        }
        /** A check: the read, then the findings (`n` cells of the block, Thai messages) marked in place of the old ones. */
        const check = async (n: number, seed: number): Promise<number> => {
          const from = excel.syncLog.length;
          const block = await port.read();
          expect([block.top, block.left, block.values.length, block.values[0].length]).toEqual([offset, offset, rows, cols]);
          expect(block.values[rows - 1][cols - 1]).toBe("last");
          expect(block.lists?.length).toBe(withLists ? 3 : undefined);
          expect(readSyncs(excel).refused).toBe(0);
          const cells = Array.from({ length: n }, (_, i) => ({ row: offset + ((i * 7 + seed) % rows), col: offset + ((i * 3 + seed) % cols), message: `ค่า VAT ต้องเป็น 7.00 (${i})` }));
          await port.remark("Sheet1", cells);
          for (const c of cells) expect(sheet.shownFill(c.row, c.col).color).toBe(MARK_FILL);
          return excel.syncLog.length - from;
        };
        expect(await check(bad, 0)).toBeLessThanOrEqual(3);
        expect(await check(badAgain, 1)).toBeLessThanOrEqual(3);
        expect(sheet.conditionalFormats.length).toBeLessThanOrEqual(badAgain);
        expect(sheet.notes.size + excel.comments.size).toBeLessThanOrEqual(badAgain);
      }), {
      numRuns: 10,
      // The limit itself, in numbers and in Thai, selected and in a table; checks with findings and marks to clear.
      examples: [
        ["number", 1, 20, LIMIT_BYTES - 4_096, false, 0, true, 0, 0, "1.18"],
        ["thai", 40, 10, LIMIT_BYTES - 30_000, true, 3, true, 40, 60, "1.18"],
        ["ascii", 12, 60, 4_500_000, true, 0, false, 60, 20, "1.12"],
      ],
    });
  });

  // A selection whose data nearly fills a response: what the marks of the check before need (the
  // notes the port left) is looked at in the first sync, by address, so the second carries the
  // data alone; and thousands of notes go in one request.
  test("a check of a 5 MB selection with 3,900 cells to mark takes 3 syncs, the first time and again; a note the user adds meanwhile stays", async () => {
    const { excel, port } = setup();
    const values = invoiceRows(3_900);
    for (let i = 0; i < 40; i++) values[1 + i * 7][7] = "abc"; // quantities to mark as errors
    expect(responseBytes(values as (string | number)[][])).toBeGreaterThan(LIMIT_BYTES - 100_000);
    const sheet = excel.sheet("Sheet1");
    sheet.fill(values);
    excel.select(sheet, 0, 0, values.length, values[0].length);
    /** A check: its syncs, those refused as too large (none, but for the read that must locate a note), and the cells marked. */
    const check = async (): Promise<{ syncs: number; refused: number; marked: number }> => {
      const from = excel.syncLog.length;
      const out = await checkJob(port, { family: "tax-invoices", mark: true, now: () => new Date("2026-04-02T10:00:00") });
      const syncs = excel.syncLog.slice(from);
      for (const s of syncs) expect(s.bytes).toBeLessThanOrEqual(LIMIT_BYTES);
      return { syncs: syncs.length, refused: syncs.filter((s) => s.response > LIMIT_BYTES).length, marked: new Set(out.findings.map((f) => `${f.row},${f.col}`)).size };
    };
    const first = await check();
    expect(first.marked).toBeGreaterThan(3_900);
    expect(sheet.notes.size).toBe(first.marked);
    expect(first).toEqual({ syncs: 3, refused: 0, marked: first.marked });
    expect(await check()).toEqual(first);
    expect(sheet.notes.size).toBe(first.marked);
    // The user's own note, which the port did not leave there: found, and kept.
    sheet.notes.set("M3", "mine");
    const third = await check();
    expect(third.marked).toBe(first.marked);
    expect(sheet.notes.get("M3")).toBe("mine");
    expect(sheet.notes.size).toBe(first.marked + 1);
    expect(await check()).toEqual(first);
    expect(sheet.notes.get("M3")).toBe("mine");
  }, 180_000);

  test("past the size limit the read is chunked by rows and still complete", async () => {
    const { excel, port } = setup();
    // More cells than can fit in 5 MB even if every one were empty: read 100,000 cells at a time.
    const rows = Math.ceil(MAX_READ_CELLS / 10) * 2 + 6_000;
    expect(rows * 10 * MIN_CELL_RESPONSE_BYTES).toBeGreaterThan(LIMIT_BYTES);
    excel.sheet("Sheet1").fill(Array.from({ length: rows }, (_, r) => Array.from({ length: 10 }, () => r)));
    const block = await port.read({ range: `A1:J${rows}` });
    expect(block.values.length).toBe(rows);
    expect(block.values[rows - 1][9]).toBe(rows - 1);
    expect(excel.syncsOfRun()).toBe(1 + 3);
  });

  const THAI = "บริษัท ตัวอย่าง จำกัด 99/1 ถนนพระราม 9 แขวงห้วยขวาง เขตห้วยขวาง";
  /** Rows of 5 cells of 60 Thai characters (with the row number): about 1 KB a row as UTF-8 JSON. */
  function thaiRows(n: number, from = 0): string[][] {
    return Array.from({ length: n }, (_, r) => Array.from({ length: 5 }, (_, c) => `${THAI.slice(0, 60 - String(from + r).length)}${from + r}:${c}`));
  }

  /** The syncs of the last run: the ones Excel refused as too large, and the ones that delivered. */
  function readSyncs(excel: FakeExcel): { refused: number; delivered: number[] } {
    const syncs = excel.syncLog.filter((s) => s.run === excel.runs);
    return { refused: syncs.filter((s) => s.response > LIMIT_BYTES).length, delivered: syncs.filter((s) => s.response <= LIMIT_BYTES).map((s) => s.response) };
  }

  /** Reads n Thai rows through the port and checks every row, response and sync; gives the syncs. */
  async function readThai(n: number, refusals: number): Promise<number> {
    const { excel, port } = setup();
    const rows = thaiRows(n);
    excel.sheet("Sheet1").fill(rows);
    const runs = excel.runs;
    const block = await port.read({ range: `A1:E${n}` });
    expect(excel.runs).toBe(runs + 1); // one Excel.run, retries included
    expect(block.values.length).toBe(n);
    for (const r of [0, n / 2, n - 1]) expect(block.values[r]).toEqual(rows[r]);
    expect(block.formats[n - 1]).toEqual(["General", "General", "General", "General", "General"]);
    expect(sizeOf(rows)).toBeGreaterThan((n / 7_000) * LIMIT_BYTES); // the values alone: 15 MB for 20,000 rows

    const { refused, delivered } = readSyncs(excel);
    for (const bytes of delivered) expect(bytes).toBeLessThan(LIMIT_BYTES);
    // the first try (the whole box: empty, its cells would fit in 5 MB) is refused and halved until
    // a chunk fits; later chunks are sized from the bytes the last one brought, so none is refused
    // and each is near READ_TARGET_BYTES
    expect(refused).toBe(refusals);
    const chunks = delivered.length - 1; // the first sync finds the range
    const total = delivered.slice(1).reduce((x, y) => x + y, 0);
    expect(chunks).toBeGreaterThanOrEqual(Math.ceil(total / LIMIT_BYTES));
    expect(chunks).toBeLessThanOrEqual(Math.ceil(total / (0.9 * READ_TARGET_BYTES)) + 1);
    expect(excel.syncsOfRun()).toBe(1 + refused + chunks);
    return excel.syncsOfRun();
  }

  test("a Thai sheet (20,000 and 40,000 rows × 5 cells of 60 Thai characters) is read whole, each response under 5 MB", async () => {
    const syncs = await readThai(20_000, 2);
    const twice = await readThai(40_000, 3);
    expect(twice).toBeGreaterThan(syncs + 3); // syncs grow with the chunks
  });

  test("rows that get heavier further down: the chunk sized from light rows is halved and read again", async () => {
    const { excel, port } = setup();
    const light = Array.from({ length: 20_000 }, (_, r) => [r, "a", "b", "c", "d"]);
    const heavy = thaiRows(10_000, 20_000);
    excel.sheet("Sheet1").fill([...light, ...heavy]);
    const block = await port.read({ range: "A1:E30000" });
    expect(block.values.length).toBe(30_000);
    expect(block.values[19_999]).toEqual([19_999, "a", "b", "c", "d"]);
    expect(block.values[20_000]).toEqual(heavy[0]);
    expect(block.values[29_999]).toEqual(heavy[9_999]);
    const { refused, delivered } = readSyncs(excel);
    expect(refused).toBeGreaterThanOrEqual(1);
    for (const bytes of delivered) expect(bytes).toBeLessThan(LIMIT_BYTES);
  });

  test("the lookup lists come with the data even when the first try of the data is refused", async () => {
    const { excel, port } = setup();
    await port.writeHiddenSheet(LISTS_SHEET, [["Products", "Products id"], ["Pen", 1]]);
    excel.sheet("Sheet1").fill(thaiRows(8_000)); // about 8 MB: tried whole, refused, halved
    const block = await port.read({ sheet: "Sheet1", range: "A1:E8000" });
    expect(readSyncs(excel).refused).toBeGreaterThanOrEqual(1);
    expect(block.values.length).toBe(8_000);
    expect(block.lists).toEqual([["Products", "Products id"], ["Pen", 1]]);
  });

  test("one row over 5 MB is an error naming the row", async () => {
    const { excel, port } = setup();
    excel.sheet("Sheet1").fill([["short"], ["ค".repeat(2_000_000)], ["short"]], 4, 0);
    excel.select(excel.sheet("Sheet1"), 4, 0, 3, 1);
    await expect(port.read()).rejects.toThrow(/Row 6 of Sheet1 .*5 MB/);
  });
});

describe("write", () => {
  async function writeRows(n: number, width = 4, text = "ok"): Promise<{ excel: FakeExcel; syncs: number }> {
    const { excel, port } = setup();
    const values = Array.from({ length: n }, (_, r) => Array.from({ length: width }, (_, c) => (c === 0 ? r : `${text}${r}`)));
    await port.write("Sheet1", [{ row: 1, col: 0, values }]);
    return { excel, syncs: excel.syncsOfRun() };
  }

  test("10 rows and 10,000 rows of small values take the same number of syncs", async () => {
    const small = await writeRows(10);
    const large = await writeRows(10_000);
    expect(small.syncs).toBe(1);
    expect(large.syncs).toBe(small.syncs);
    expect(large.excel.sheet("Sheet1").value(10_000, 1)).toBe("ok9999");
  });

  test("syncs grow with the number of 5 MB chunks, each request stays under the limit", async () => {
    const { excel, syncs } = await writeRows(6_000, 4, "y".repeat(600)); // ~14 MB
    expect(syncs).toBeGreaterThanOrEqual(3);
    expect(syncs).toBeLessThanOrEqual(5);
    for (const s of excel.syncLog) expect(s.bytes).toBeLessThan(LIMIT_BYTES);
    expect(excel.sheet("Sheet1").value(6_000, 3)).toBe(`${"y".repeat(600)}5999`);
    // calculation suspended for every chunk but the last (it runs with calculation on), screen
    // updating for every chunk
    expect(excel.suspended.calculation).toBe(syncs - 1);
    expect(excel.suspended.screen).toBe(syncs);
    // and the workbook recalculated once at the end, in the last batch (no extra sync)
    expect(excel.needsRecalc).toBe(false);
    expect(excel.recalculations).toBe(1);
  });

  test("Thai text is sized in UTF-8 bytes: a write of 2M Thai characters (6 MB) is chunked", async () => {
    const { excel, port } = setup();
    const values = Array.from({ length: 4000 }, (_, r) => [`${"ภาษีมูลค่าเพิ่ม".repeat(33)}${r}`]);
    await port.write("Sheet1", [{ row: 0, col: 0, values }]);
    expect(excel.syncsOfRun()).toBeGreaterThanOrEqual(2);
    for (const s of excel.syncLog) expect(s.bytes).toBeLessThan(LIMIT_BYTES);
    expect(excel.sheet("Sheet1").value(3999, 0)).toBe(values[3999][0]);
  });

  test("text starting with = + - @ (and numeric-looking text) stays text", async () => {
    const { excel, port } = setup();
    const texts = ["=SUM(A1:A3)", "+66812345678", "-5", "@home", "0105556000000"];
    await port.write("Sheet1", [{ row: 0, col: 0, values: [[...texts, 42, "plain"]] }]);
    const sheet = excel.sheet("Sheet1");
    texts.forEach((t, c) => {
      expect(sheet.value(0, c)).toBe(t);
      expect(sheet.peek(0, c)?.formula).toBeUndefined();
      expect(sheet.peek(0, c)?.format).toBe("@");
    });
    expect(sheet.value(0, 5)).toBe(42);
    expect(sheet.peek(0, 6)?.format).toBe("General"); // ordinary text keeps the cell's own format
  });

  test("given formats are applied, dates become serials with a date format, null clears", async () => {
    const { excel, port } = setup();
    const sheet = excel.sheet("Sheet1");
    sheet.fill([["old", "old", "old"]]);
    await port.write("Sheet1", [{ row: 0, col: 0, values: [[new Date(Date.UTC(2026, 0, 2)), 1234.5, null]], formats: [[null, "#,##0.00", null]] }]);
    expect(sheet.value(0, 0)).toBe(excelSerial(new Date(Date.UTC(2026, 0, 2))));
    expect(sheet.value(0, 0)).toBe(46024);
    expect(sheet.peek(0, 0)?.format).toBe("yyyy-mm-dd");
    expect(sheet.peek(0, 1)?.format).toBe("#,##0.00");
    expect(sheet.value(0, 2)).toBe("");
  });

  test("several blocks in one action share the sync", async () => {
    const { excel, port } = setup();
    await port.write("Sheet1", [{ row: 0, col: 5, values: [["r1"]] }, { row: 9, col: 5, values: [["r9"]] }, { row: 1, col: 5, values: [["r2"]] }]);
    expect(excel.syncsOfRun()).toBe(1);
    expect(excel.runs).toBe(1);
    expect([0, 1, 9].map((r) => excel.sheet("Sheet1").value(r, 5))).toEqual(["r1", "r2", "r9"]);
  });

  test("chunkRows keeps every chunk under the limit", () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 1, max: 300 }), { maxLength: 200 }), (sizes) => {
      const chunks = chunkRows(sizes, 1000);
      expect(chunks.flatMap(([a, b]) => Array.from({ length: b - a }, (_, i) => a + i))).toEqual(sizes.map((_, i) => i));
      for (const [a, b] of chunks) expect(sizes.slice(a, b).reduce((x, y) => x + y, 0)).toBeLessThanOrEqual(1000);
    }));
  });
});

describe("mark and clearMarks", () => {
  function userFormatted(excel: FakeExcel): void {
    const sheet = excel.sheet("Sheet1");
    sheet.fill([["a", "b", "c"], ["d", "e", "f"]]);
    sheet.cell(0, 0).fill = { color: "#FFFF00", pattern: "Solid" }; // the user's own yellow
    sheet.notes.set("C1", "the user's own note");
  }
  /** The user's own conditional format over A1:C2, which the port must leave alone. */
  function userFormat(excel: FakeExcel): void {
    excel.sheet("Sheet1").conditionalFormats.push({ id: "user-cf", type: "Custom", areas: [{ top: 0, left: 0, rows: 2, cols: 3 }], formula: "=A1>0", fill: "#00FF00" });
  }
  const shown = (excel: FakeExcel, row: number, col: number) => excel.sheet("Sheet1").shownFill(row, col).color;

  test("a conditional-format fill and notes (ExcelApi 1.18); clear leaves the user's own fill, notes and formats as they were", async () => {
    const { excel, port } = setup("1.18");
    userFormatted(excel);
    userFormat(excel);
    const sheet = excel.sheet("Sheet1");
    const outcome = await port.markCells("Sheet1", [
      { row: 0, col: 0, message: "contactName is required" },
      { row: 1, col: 1, message: "vatAmount should be 7.00" },
      { row: 0, col: 2, message: "a cell with the user's note" },
    ]);
    expect(outcome.kind).toBe("note");
    expect(outcome.unplaced).toEqual([{ row: 0, col: 2, message: "a cell with the user's note" }]);
    expect([shown(excel, 0, 0), shown(excel, 1, 1), shown(excel, 0, 1)]).toEqual([MARK_FILL, MARK_FILL, "#00FF00"]);
    expect(sheet.peek(0, 0)?.fill).toEqual({ color: "#FFFF00", pattern: "Solid" }); // the cell's own fill is never touched
    expect(sheet.notes.get("A1")).toBe("contactName is required");
    expect(sheet.notes.get("B2")).toBe("vatAmount should be 7.00");
    expect(sheet.notes.get("C1")).toBe("the user's own note");
    expect(excel.syncsOfRun()).toBe(2 + 1); // no read before: a look of its own (2), then the marks
    expect(String(excel.settings.get(MARKS_SETTING))).not.toMatch(/secret|token|vatAmount/i);

    // marking again updates the message
    await port.mark("Sheet1", [{ row: 0, col: 0, message: "still wrong" }]);
    expect(sheet.notes.get("A1")).toBe("still wrong");

    await port.clearMarks("Sheet1");
    expect(sheet.shownFill(0, 0)).toEqual({ color: "#00FF00", pattern: "Solid" });
    expect(sheet.conditionalFormats.map((f) => f.id)).toEqual(["user-cf"]);
    expect([...sheet.notes.entries()]).toEqual([["C1", "the user's own note"]]);
    expect(excel.syncsOfRun()).toBe(3); // the look (2), the clear
    expect(sheet.value(1, 1)).toBe("e");
  });

  test("after a read of the sheet: old marks cleared and new ones made in one sync; nothing to clear, no Excel.run", async () => {
    const { excel, port } = setup("1.18");
    userFormatted(excel);
    excel.select(excel.sheet("Sheet1"), 0, 0, 2, 3);
    await port.read();
    const runs = excel.runs;
    await port.remark("Sheet1", []);
    expect(excel.runs).toBe(runs); // the read saw no marks on the sheet

    await port.read();
    await port.remark("Sheet1", [{ row: 0, col: 0, message: "contactName is required" }, { row: 1, col: 2, message: "m" }]);
    expect(excel.syncsOfRun()).toBe(1);
    await port.read();
    await port.remark("Sheet1", [{ row: 1, col: 1, message: "vatAmount should be 7.00" }, { row: 1, col: 2, message: "m again" }]);
    expect(excel.syncsOfRun()).toBe(1);
    const sheet = excel.sheet("Sheet1");
    expect([shown(excel, 0, 0), shown(excel, 1, 1), shown(excel, 1, 2)]).toEqual(["#FFFF00", MARK_FILL, MARK_FILL]);
    expect(Object.fromEntries(sheet.notes)).toEqual({ C1: "the user's own note", B2: "vatAmount should be 7.00", C2: "m again" });
    expect(sheet.conditionalFormats).toHaveLength(1);

    // Only right after a read of that sheet: another sheet, or a clear without a read, looks first.
    await port.read({ sheet: "Other" });
    await port.clearMarks("Sheet1");
    expect(excel.syncsOfRun()).toBe(3);
    expect(shown(excel, 1, 1)).toBe("#FFFFFF");
    expect(Object.fromEntries(sheet.notes)).toEqual({ C1: "the user's own note" });
  });

  test("a fill the user sets on a marked cell shows once the mark is gone; a note the user rewrote stays", async () => {
    const { excel, port } = setup();
    userFormatted(excel);
    await port.mark("Sheet1", [{ row: 1, col: 0, message: "m" }, { row: 1, col: 1, message: "m2" }]);
    const sheet = excel.sheet("Sheet1");
    sheet.cell(1, 0).fill = { color: "#00B050", pattern: "Solid" };
    sheet.notes.set("B2", "my own words now");
    await port.clearMarks("Sheet1");
    expect(shown(excel, 1, 0)).toBe("#00B050");
    expect(sheet.notes.has("A2")).toBe(false);
    expect(sheet.notes.get("B2")).toBe("my own words now");
  });

  test("marks on another sheet are left alone; clearing twice is harmless", async () => {
    const { excel, port } = setup();
    await port.mark("Sheet1", [{ row: 0, col: 0, message: "one" }]);
    await port.mark("Other", [{ row: 0, col: 0, message: "two" }]);
    await port.clearMarks("Sheet1");
    await port.clearMarks("Sheet1");
    expect(excel.sheet("Other").shownFill(0, 0).color).toBe(MARK_FILL);
    expect(excel.sheet("Other").notes.get("A1")).toBe("two");
    expect(excel.sheet("Sheet1").conditionalFormats).toEqual([]);
  });

  test("ExcelApi 1.10..1.17: comments instead of notes, deleted on clear (no 1.14 getItemOrNullObject)", async () => {
    const { excel, port } = setup("1.10");
    userFormatted(excel);
    const outcome = await port.markCells("Sheet1", [{ row: 1, col: 2, message: "wrong rate" }]);
    expect(outcome).toEqual({ kind: "comment", unplaced: [] });
    expect([...excel.comments.values()].map((c) => [c.row, c.col, c.content])).toEqual([[1, 2, "wrong rate"]]);
    await port.clearMarks("Sheet1");
    expect(excel.comments.size).toBe(0);
    expect(shown(excel, 1, 2)).toBe("#FFFFFF");
    expect(excel.syncsOfRun()).toBe(3);
  });

  test("comments: marking a cell again updates the port's own comment", async () => {
    const { excel, port } = setup("1.12");
    await port.mark("Sheet1", [{ row: 1, col: 2, message: "wrong rate" }]);
    const outcome = await port.markCells("Sheet1", [{ row: 1, col: 2, message: "still the wrong rate" }]);
    expect(outcome).toEqual({ kind: "comment", unplaced: [] });
    expect([...excel.comments.values()].map((c) => c.content)).toEqual(["still the wrong rate"]);
    await port.clearMarks("Sheet1");
    expect(excel.comments.size).toBe(0);
  });

  test("comments: a cell with the user's comment keeps it; its message is handed back", async () => {
    const { excel, port } = setup("1.12");
    userFormatted(excel);
    const sheet = excel.sheet("Sheet1");
    excel.comments.set("user-1", { sheet, row: 1, col: 2, content: "the user's own comment" });
    excel.select(sheet, 0, 0, 2, 3);
    await port.read();
    await port.remark("Sheet1", [{ row: 1, col: 2, message: "m1" }, { row: 0, col: 1, message: "m2" }]);
    expect(port.lastMark).toEqual({ kind: "comment", unplaced: [{ row: 1, col: 2, message: "m1" }] });
    expect(excel.syncsOfRun()).toBe(1);
    expect(shown(excel, 1, 2)).toBe(MARK_FILL);
    expect([...excel.comments.values()].map((c) => [c.row, c.col, c.content])).toEqual([[1, 2, "the user's own comment"], [0, 1, "m2"]]);
    await port.clearMarks("Sheet1");
    expect([...excel.comments.keys()]).toEqual(["user-1"]);
    expect(shown(excel, 1, 2)).toBe("#FFFFFF");
  });

  test("a request that fails half-way leaves a record of what it made, so clear still removes it and only it", async () => {
    const { excel, port } = setup("1.12");
    userFormatted(excel);
    const sheet = excel.sheet("Sheet1");
    const run = excel.runs + 1;
    // the user comments on B1 while the port is between its look (one sync: the sheet has no comments) and its writes
    excel.onSync = (r, n) => {
      if (r === run && n === 2) excel.comments.set("user-1", { sheet, row: 0, col: 1, content: "just now" });
    };
    await expect(port.mark("Sheet1", [{ row: 0, col: 0, message: "m1" }, { row: 0, col: 1, message: "m2" }, { row: 1, col: 0, message: "m3" }]))
      .rejects.toThrow(/already has a comment/);
    excel.onSync = undefined;
    expect(shown(excel, 0, 1)).toBe(MARK_FILL);
    await port.clearMarks("Sheet1");
    expect(shown(excel, 0, 0)).toBe("#FFFF00");
    expect(shown(excel, 0, 1)).toBe("#FFFFFF");
    expect([...excel.comments.values()].map((c) => c.content)).toEqual(["just now"]);
  });

  test("marked with notes on ExcelApi 1.18, cleared on an older host: fills go, notes wait for a 1.18 host", async () => {
    const { excel, port } = setup("1.18");
    userFormatted(excel);
    const sheet = excel.sheet("Sheet1");
    await port.mark("Sheet1", [{ row: 0, col: 0, message: "m1" }, { row: 1, col: 1, message: "m2" }]);
    excel.apiVersion = "1.12";
    await new ExcelPort(excel.host()).clearMarks("Sheet1");
    expect(shown(excel, 0, 0)).toBe("#FFFF00");
    expect(shown(excel, 1, 1)).toBe("#FFFFFF");
    expect(sheet.notes.get("A1")).toBe("m1");
    excel.apiVersion = "1.18";
    await port.clearMarks("Sheet1");
    expect([...sheet.notes.keys()]).toEqual(["C1"]);
  });

  test("a workbook marked by the first design (the cell's own fill painted) gets its fill back", async () => {
    const { excel, port } = setup("1.18");
    userFormatted(excel);
    const sheet = excel.sheet("Sheet1");
    sheet.cell(0, 0).fill = { color: MARK_FILL, pattern: "Solid" };
    sheet.cell(1, 1).fill = { color: MARK_FILL, pattern: "Solid" };
    sheet.notes.set("B2", "old message");
    excel.settings.set(MARKS_SETTING, JSON.stringify({ [sheet.id]: { A1: { color: "#FFFF00", pattern: "Solid", note: "none" }, B2: { color: "#FFFFFF", pattern: "None", note: "note" } } }));
    await port.clearMarks("Sheet1");
    expect(sheet.peek(0, 0)?.fill).toEqual({ color: "#FFFF00", pattern: "Solid" });
    expect(sheet.peek(1, 1)?.fill.pattern).toBe("None");
    expect([...sheet.notes.keys()]).toEqual(["C1"]);
  });

  test.each([["1.18", "note", 10_000], ["1.12", "comment", 5_000]])("ExcelApi %s: many marks (%s) go in requests under 5 MB, their fill in few formats", async (version, kind, n) => {
    const { excel, port } = setup(version);
    const sheet = excel.sheet("Sheet1");
    const marks = Array.from({ length: n }, (_, i) => ({ row: i, col: 1 + (i % 2), message: `ค่า VAT ต้องเป็น 7.00 (${i})` }));
    const outcome = await port.markCells("Sheet1", marks);
    expect(outcome).toEqual({ kind, unplaced: [] });
    expect(excel.syncsOfRun()).toBeGreaterThan(1);
    expect([shown(excel, n - 1, 1 + ((n - 1) % 2)), shown(excel, n - 1, 1 + (n % 2))]).toEqual([MARK_FILL, "#FFFFFF"]);
    expect(sheet.notes.size + excel.comments.size).toBe(n);
    expect(sheet.conditionalFormats.length).toBeLessThan(n / 10);
    await port.clearMarks("Sheet1");
    expect(shown(excel, n - 1, 1 + ((n - 1) % 2))).toBe("#FFFFFF");
    expect(sheet.notes.size + excel.comments.size).toBe(0);
    expect(sheet.conditionalFormats).toEqual([]);
    for (const s of excel.syncLog) expect(s.bytes).toBeLessThan(LIMIT_BYTES);
  });

  test("ExcelApi 1.9: only the fill; every message is handed back for the result column", async () => {
    const { excel, port } = setup("1.9");
    userFormatted(excel);
    const marks = [{ row: 0, col: 1, message: "m1" }, { row: 1, col: 1, message: "m2" }];
    expect(await port.markCells("Sheet1", marks)).toEqual({ kind: "none", unplaced: marks });
    expect(shown(excel, 0, 1)).toBe(MARK_FILL);
    await port.clearMarks("Sheet1");
    expect(shown(excel, 0, 1)).toBe("#FFFFFF");
  });

  test("no marks: no Excel.run at all", async () => {
    const { excel, port } = setup();
    await port.mark("Sheet1", []);
    expect(excel.runs).toBe(0);
  });
});

describe("addTableSheet, select, sheetNames", () => {
  test("a new sheet with a table, money and date formats, validation lists, the first cell selected", async () => {
    const { excel, port } = setup();
    excel.addSheet("Quotations");
    const name = await port.addTableSheet("Quotations", [
      { header: "documentSerial", kind: "text" },
      { header: "publishedOn", kind: "date" },
      { header: "grandTotal", kind: "money" },
      { header: "status", kind: "text", allowed: ["awaiting", "approved"] },
    ], [
      ["QT0001", new Date(Date.UTC(2026, 0, 2)), 1070, "awaiting"],
      ["=HACK()", 46025, 5.5, "approved"],
    ]);
    expect(name).toBe("Quotations (2)");
    const sheet = excel.sheet(name);
    expect(sheet.value(0, 2)).toBe("grandTotal");
    expect(sheet.value(1, 1)).toBe(46024);
    expect(sheet.peek(1, 1)?.format).toBe("yyyy-mm-dd");
    expect(sheet.peek(2, 2)?.format).toBe("#,##0.00");
    expect(sheet.value(2, 0)).toBe("=HACK()");
    expect(sheet.peek(2, 0)?.formula).toBeUndefined();
    expect(sheet.tables).toEqual([{ name: "Table1", top: 0, left: 0, rows: 3, cols: 4 }]);
    expect(sheet.validation.get("D2")).toBe("awaiting,approved");
    expect(sheet.validation.get("D3")).toBe("awaiting,approved");
    expect(excel.active).toBe(sheet);
    expect(excel.selection).toMatchObject({ top: 0, left: 0, rows: 1, cols: 1 });
    expect(excel.syncsOfRun()).toBe(2);
  });

  test("a large pull is chunked and still one table", async () => {
    const { excel, port } = setup();
    const rows = Array.from({ length: 8000 }, (_, i) => [`DOC${i}`, "z".repeat(700), i]);
    const name = await port.addTableSheet("Pull", [{ header: "id", kind: "text" }, { header: "note", kind: "text" }, { header: "n", kind: "integer" }], rows);
    expect(excel.syncsOfRun()).toBeGreaterThan(2);
    for (const s of excel.syncLog) expect(s.bytes).toBeLessThan(LIMIT_BYTES);
    expect(excel.sheet(name).tables[0]).toMatchObject({ rows: 8001, cols: 3 });
    expect(excel.needsRecalc).toBe(false);
  });

  test("a report: the table's totals row holds a label and SUBTOTALs; our formulas are formulas, the user's text stays text", async () => {
    const { excel, port } = setup();
    const name = await port.addTableSheet("Output tax", [
      { header: "No.", kind: "integer" }, { header: "Date", kind: "date", format: "dd/mm/bbbb" }, { header: "Note", kind: "text" }, { header: "VAT", kind: "money" },
    ], [
      [1, new Date(Date.UTC(2026, 2, 3)), "=HACK()", 70],
      [2, new Date(Date.UTC(2026, 2, 4)), "x", 6.54],
    ], { totals: [{ label: "Total" }, null, null, { sum: 76.54 }], formulas: [[null, null, null, null], [null, null, "=A2+A3", null]] });
    const sheet = excel.sheet(name);
    expect(sheet.tables).toEqual([{ name: "Table1", top: 0, left: 0, rows: 4, cols: 4, totals: true }]);
    expect(sheet.peek(1, 1)?.format).toBe("dd/mm/bbbb");
    expect(sheet.peek(1, 2)?.formula).toBeUndefined();
    expect(sheet.peek(2, 2)?.formula).toBe("=A2+A3");
    expect(sheet.value(3, 0)).toBe("Total");
    expect(sheet.peek(3, 3)?.formula).toBe("=SUBTOTAL(109,[VAT])");
    expect(sheet.peek(3, 3)?.format).toBe("#,##0.00");
    expect(excel.syncsOfRun()).toBe(2);
  });

  test("a report with a header block above its table: the block from A1, the table and its totals under it", async () => {
    const { excel, port } = setup();
    const name = await port.addTableSheet("PND3", [{ header: "No.", kind: "integer" }, { header: "Tax", kind: "money" }], [[1, 30], [2, 45]], {
      above: [["Company", "Demo Co., Ltd."], ["Tax id", "0105559000000"], [null]], totals: [{ label: "Total" }, { sum: 75 }],
    });
    const sheet = excel.sheet(name);
    expect([sheet.value(0, 1), sheet.value(1, 1), sheet.peek(1, 1)?.format]).toEqual(["Demo Co., Ltd.", "0105559000000", "@"]);
    expect(sheet.tables).toEqual([{ name: "Table1", top: 3, left: 0, rows: 4, cols: 2, totals: true }]);
    expect([sheet.value(3, 0), sheet.value(4, 1), sheet.value(6, 0)]).toEqual(["No.", 30, "Total"]);
    expect(sheet.peek(6, 1)?.formula).toBe("=SUBTOTAL(109,[Tax])");
    expect(excel.syncsOfRun()).toBe(2);
  });

  describe("a VAT report printed as the form", () => {
    /** The output-tax report of 45 documents as the job makes it: three pages of 20, 20 and 5, each
     * ending with its page total, the header block above the table. */
    const table = () => sideTable("output", entries, sums(entries), "2026-03", "th", {
      name: "บริษัท เดโม จำกัด", taxId: "0105559000000", branch: "00000",
    });
    const entries: VatEntry[] = Array.from({ length: 45 }, (_, i) => ({
      side: "output", family: "tax-invoices", recordId: i + 1, serial: `IV${i + 1}`, date: "2026-03-03", name: "ลูกค้า", taxId: "0105556000009",
      branch: "00000", base: new Decimal(100), vat: new Decimal(7), zero: new Decimal(0), exempt: new Decimal(0), void: false,
    }));
    const write = (port: ExcelPort) => {
      const t = table();
      return port.addTableSheet(t.name, t.columns, t.rows, { totals: t.totals, formulas: t.formulas, above: t.above, print: t.print });
    };

    test("ExcelApi 1.9: A4 landscape one page wide, the header rows as print titles, a break under each page's total but the last, in the table's run", async () => {
      const { excel, port } = setup("1.9");
      const sheet = excel.sheet(await write(port));
      const k = 6; // the header block's rows; the table's header is row 7
      // Pages end at the page totals: sheet rows (0-based) k + 21, k + 42 and k + 48, the grand total under the last.
      const labels = [k + 21, k + 42, k + 48, k + 49].map((r) => sheet.value(r, 0));
      expect(labels).toEqual(["รวมหน้านี้", "รวมหน้านี้", "รวมหน้านี้", "รวมทั้งสิ้น"]);
      expect(sheet.peek(k + 21, 9)?.formula).toBe(`=SUBTOTAL(109,J${k + 2}:J${k + 21})`);
      expect(sheet.peek(k + 49, 9)?.formula).toBe("=SUBTOTAL(109,[จำนวนเงินภาษีมูลค่าเพิ่ม])");
      expect(sheet.pageBreaks).toEqual([k + 22, k + 43]);
      expect(sheet.pageLayout).toEqual({
        orientation: "Landscape", paperSize: "A4", zoom: { horizontalFitToPages: 1, verticalFitToPages: 0 }, printTitleRows: `$1:$${k + 1}`, rightHeader: "หน้าที่ &P / &N",
      });
      // The page totals in bold, across the row; a document's row not.
      expect([0, 8, 9].map((c) => sheet.peek(k + 21, c)?.bold)).toEqual([true, true, true]);
      expect(sheet.peek(k + 20, 9)?.bold).toBeUndefined();
      // The page layout in a sync of its own after the table's.
      expect(excel.syncsOfRun()).toBe(3);
    });

    test("an Excel that refuses a print setting keeps the whole report, printed plain", async () => {
      const { excel, port } = setup("1.9");
      excel.onSync = (_run, sync) => {
        if (sync === 3) throw new FakeOfficeError("InvalidArgument", "pageLayout.zoom");
      };
      const sheet = excel.sheet(await write(port));
      expect([sheet.value(6 + 21, 0), sheet.peek(6 + 21, 9)?.bold, sheet.tables[0].totals]).toEqual(["รวมหน้านี้", true, true]);
      expect(sheet.pageLayout).toEqual({});
      expect(sheet.pageBreaks).toEqual([]);
    });

    test("an Excel older than 1.9: the plain report, page totals in bold, no page layout", async () => {
      const { excel, port } = setup("1.8");
      const sheet = excel.sheet(await write(port));
      expect(sheet.value(6 + 21, 0)).toBe("รวมหน้านี้");
      expect(sheet.peek(6 + 21, 9)?.bold).toBe(true);
      expect(sheet.pageBreaks).toEqual([]);
      expect(sheet.pageLayout).toEqual({});
    });

    test("the fake refuses what Excel refuses, and page layout before 1.9", async () => {
      await expect(new FakeExcel("1.8").host().run(async (context) => {
        void context.workbook.worksheets.getItem("Sheet1").pageLayout;
      })).rejects.toThrow(/ApiNotFound/);
      await expect(new FakeExcel("1.9").host().run(async (context) => {
        (context.workbook.worksheets.getItem("Sheet1").pageLayout as Excel.PageLayout).setPrintTitleRows("1:7");
        await context.sync();
      })).rejects.toThrow(/InvalidArgument/);
    });
  });

  test("a template with lookup lists: the lists on a hidden sheet first, drop-downs over them that warn, one Excel.run", async () => {
    const { excel, port } = setup();
    const lists = [["Contacts", "Contacts id"], ["Acme", 1], ["=Siam", 2]];
    const runs = excel.runs;
    const name = await port.addTableSheet("Tax invoice", [
      { header: "Customer", kind: "text", lookup: { sheet: LISTS_SHEET, col: 0 } },
      { header: "Tax id", kind: "text" },
      { header: "VAT", kind: "text", allowed: ["Yes", "No"] },
    ], [["Acme", "0105556000009", "Yes"]], { hidden: { name: LISTS_SHEET, rows: lists } });
    expect(excel.runs).toBe(runs + 1);
    const hidden = excel.sheet(LISTS_SHEET);
    expect(hidden.visibility).toBe("Hidden");
    expect([hidden.value(1, 0), hidden.value(2, 0), hidden.value(2, 1), hidden.peek(2, 0)?.format]).toEqual(["Acme", "=Siam", 2, "@"]);
    const sheet = excel.sheet(name);
    expect(sheet.validation.get("A2")).toBe("=OFFSET('DocSheet lists'!$A$2,0,0,MAX(1,COUNTA('DocSheet lists'!$A:$A)-1),1)");
    expect(sheet.validationAlerts.get("A2")).toMatchObject({ showAlert: true, style: "Warning" });
    expect(sheet.validation.get("C2")).toBe("Yes,No");
    expect(sheet.validationAlerts.get("C2")).toBeUndefined();
    expect([sheet.peek(1, 1)?.format, sheet.value(1, 1)]).toEqual(["@", "0105556000009"]);
    expect(excel.active).toBe(sheet);

    // Read from a cell of the template's table: the lists and the data come with the table's extent.
    excel.select(sheet, 0, 0);
    const block = await port.read();
    expect(block.lists).toEqual([["Contacts", "Contacts id"], ["Acme", 1], ["=Siam", 2]]);
    expect(block.values).toEqual([["Customer", "Tax id", "VAT"], ["Acme", "0105556000009", "Yes"]]);
    expect(excel.syncsOfRun()).toBe(2);

    // A refresh replaces the lists whole: nothing of the longer old list stays below.
    await port.writeHiddenSheet(LISTS_SHEET, [["Contacts", "Contacts id"], ["Globex", 3]]);
    expect(excel.syncsOfRun()).toBe(2);
    expect((await port.read({ sheet: name })).lists).toEqual([["Contacts", "Contacts id"], ["Globex", 3]]);
    expect(hidden.visibility).toBe("Hidden");
  });

  test("the lists cost no sync of their own to read; writeHiddenSheet makes the sheet when missing", async () => {
    const { excel, port } = setup();
    excel.sheet("Sheet1").fill([HEADER, ["A", "Acme", 46024, 10]]);
    excel.select(excel.sheet("Sheet1"), 0, 0, 2, 4);
    const block = await port.read();
    expect(block.lists).toBeUndefined();
    expect(excel.syncsOfRun()).toBe(2);
    await port.writeHiddenSheet(LISTS_SHEET, [["Products", "Products id"], ["Pen", 1]]);
    expect(excel.sheet(LISTS_SHEET).visibility).toBe("Hidden");
    const again = await port.read();
    expect(again.lists).toEqual([["Products", "Products id"], ["Pen", 1]]);
    expect(excel.syncsOfRun()).toBe(2); // they come with the data
    // An empty sheet has no data to come with: one sync of their own.
    expect((await port.read({ sheet: "Other" })).lists).toEqual([["Products", "Products id"], ["Pen", 1]]);
    expect(excel.syncsOfRun()).toBe(2);
  });

  test("the fake is strict about drop-downs: a formula naming a missing sheet, an inline list over 255 characters, a hidden last sheet", async () => {
    const { excel, port } = setup();
    await expect(port.addTableSheet("T", [{ header: "Customer", kind: "text", lookup: { sheet: "Nowhere", col: 0 } }], [["x"]]))
      .rejects.toThrow(/ItemNotFound/);
    const host = excel.host();
    await expect(host.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Sheet1").getRange("A1");
      range.dataValidation.rule = { list: { inCellDropDown: true, source: "x".repeat(256) } };
      await context.sync();
    })).rejects.toThrow(/255/);
    const lone = new FakeExcel("1.18", ["Only"]);
    await expect(lone.host().run(async (context) => {
      context.workbook.worksheets.getItem("Only").visibility = "Hidden";
      await context.sync();
    })).rejects.toThrow(/one visible sheet/);
  });

  test("uniqueSheetName removes characters Excel refuses and keeps 31 characters", () => {
    expect(uniqueSheetName("a/b:c", new Set())).toBe("a b c");
    expect(uniqueSheetName("x".repeat(40), new Set(["x".repeat(31)]))).toHaveLength(31);
    expect(uniqueSheetName("", new Set())).toBe("Sheet");
  });

  test("selectionInfo: the selected rows and the table that holds them", async () => {
    const { excel, port } = setup();
    const sheet = excel.sheet("Sheet1");
    sheet.fill([HEADER, ["A", "B", 1, 2], ["C", "D", 3, 4], ["E", "F", 5, 6]], 2, 1);
    sheet.tables.push({ name: "T", top: 2, left: 1, rows: 4, cols: 4 });
    excel.select(sheet, 4, 2, 2, 1);
    expect(await port.selectionInfo()).toEqual({ sheet: "Sheet1", rows: [4, 5], region: "B3:E6" });
    sheet.tables.length = 0;
    expect((await port.selectionInfo()).region).toBe("B3:E6"); // the current region without a table
  });

  test("selectionInfo: a Ctrl+click selection gives the rows of every area", async () => {
    const { excel, port } = setup();
    const sheet = excel.sheet("Sheet1");
    sheet.fill([HEADER, ["A", "B", 1, 2], ["C", "D", 3, 4], ["E", "F", 5, 6], ["G", "H", 7, 8]]);
    excel.selectAreas(sheet, [{ top: 3, left: 0, rows: 2, cols: 1 }, { top: 1, left: 2, rows: 1, cols: 1 }, { top: 4, left: 1, rows: 1, cols: 1 }]);
    expect(await port.selectionInfo()).toEqual({ sheet: "Sheet1", rows: [1, 3, 4], region: "A1:D5" });
  });

  test("select moves to the cell in one sync; sheetNames lists the sheets", async () => {
    const { excel, port } = setup();
    await port.select("Other", 4, 2);
    expect(excel.active.name).toBe("Other");
    expect(excel.selection).toMatchObject({ top: 4, left: 2 });
    expect(excel.syncsOfRun()).toBe(1);
    expect(await port.sheetNames()).toEqual(["Sheet1", "Other"]);
  });
});
