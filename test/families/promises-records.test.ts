// Every family keeps its promises about the workbook's own records (issue 34), through the
// command's main on real .xlsx files against the local service: a posted sheet whose hidden
// "DocSheet records" were rewritten as a person can (the company stamp and post record made Other
// Co.'s; the family the records name changed to another's) never makes undo, update or refresh
// change a record or a row's record id: what the records name is verified on the service first, and
// the run is refused with a non-zero exit. And a pulled sheet of every family is read again in
// place by refresh: a record changed on the service takes its rows again, one new to the query is
// appended, one deleted or void is marked and kept, one edited in the sheet is listed and kept. And
// every family whose records can be updated updates a row edited in the sheet, and refuses one whose
// record changed on the service since the sheet saw it.
import { copyFile } from "node:fs/promises";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { createClient } from "../../src/api";
import { FAMILY_ENTRIES, type FamilyEntry } from "../../src/families";
import { unpostingOf } from "../../src/families/unpostings";
import { connectedCompany } from "../../src/jobs/company";
import { readDocuments } from "../../src/sheet/read";
import { XlsxWorkbook } from "../../src/workbook/xlsx";
import { cliRunner } from "../cli/run";
import { authOf, cliSession, editCells, sheetRows } from "../cli/session";
import { SAMPLES } from "./samples";
import { eachFamily, liveRecords, taggedRecords, writeSample } from "./support";

jest.setTimeout(120_000);

const s = cliSession("promises-records");
const docsheet = cliRunner();
const N = 2;

/** A posted sheet of the family's records `from`..`n` of the prefix (in place): its path. */
async function posted(family: FamilyEntry["name"], prefix: string, n = N, from = 1, before = from === 1): Promise<string> {
  if (before) await SAMPLES[family].before?.(s.client, prefix, n);
  const path = await writeSample(s.dir, `${prefix}-${from}`, family, prefix, n, from);
  const post = await docsheet(["post", path, "--family", family, "--base-url", s.service.root, ...s.auth, "--in-place"]);
  expect(post.code).toBe(0);
  return path;
}

/** Every text of the workbook's records sheet rewritten by `edit`, keys and values, as a person
 * editing the unhidden sheet would. */
async function editRecords(path: string, edit: (text: string) => string): Promise<void> {
  const book = await XlsxWorkbook.load(path);
  const sheet = (await book.sheetNames()).find((n) => n === "DocSheet records")!;
  const block = await book.read({ sheet, whole: true });
  const values = block.values.map((row) => row.map((v) => (typeof v === "string" ? edit(v) : v)));
  await book.write(sheet, [{ row: block.top, col: block.left, values }]);
  await book.save(path);
}

/** What a refused run must leave: the rows' record ids (a reason may be written beside them) and
 * the family's records on the service. */
async function untouched(path: string, entry: FamilyEntry, prefix: string): Promise<() => Promise<void>> {
  const ids = async (): Promise<unknown[]> => (await sheetRows(path)).map((r) => r.recordId);
  const records = async (): Promise<string> => JSON.stringify([...(await liveRecords(s.client, entry, prefix)).entries()].sort());
  const before = [await ids(), await records()];
  return async () => expect([await ids(), await records()]).toEqual(before);
}

const commands = (entry: FamilyEntry): string[] => (entry.updates ? ["undo", "update", "refresh"] : ["undo", "refresh"]);
/** A command's arguments after the workbook (refresh takes the family from the workbook). */
const familyArgs = (command: string, family: string): string[] => (command === "refresh" ? [] : ["--family", family, "--in-place"]);

eachFamily("its company stamp and post record rewritten to Other Co.: undo, update and refresh as Other are refused, nothing changed", () => true, async (family, entry, index) => {
  const prefix = `C${index}`;
  const path = await posted(family, prefix);
  const demo = await connectedCompany(s.client);
  const other = await connectedCompany(createClient({ root: s.service.root, ...s.other }));
  const stamp = (c: typeof demo): string => `"id":${c.id},"name":${JSON.stringify(c.name)},"taxId":${JSON.stringify(c.taxId)}`;
  await editRecords(path, (text) => text.split(stamp(demo)).join(stamp(other)));
  const same = await untouched(path, entry, prefix);
  for (const command of commands(entry)) {
    const run = await docsheet([command, path, ...familyArgs(command, family), "--base-url", s.service.root, ...authOf(s.other)]);
    expect({ command, said: run.stdout + run.stderr }).toEqual({ command, said: expect.not.stringMatching(/was already deleted/) });
    expect({ command, code: run.code }).not.toEqual({ command, code: 0 });
  }
  await same();
});

eachFamily("the family its records name changed to another's: undo, update and refresh of that family are refused, nothing changed", () => true, async (family, entry, index) => {
  const prefix = `F${index}`;
  const path = await posted(family, prefix);
  // Another family of the same kind where there is one (a tax invoice called a quotation).
  const to = (FAMILY_ENTRIES.find((e) => e.kind === entry.kind && e.name !== family) ?? FAMILY_ENTRIES.find((e) => e.name !== family))!;
  await editRecords(path, (text) => text.split(`"${family}"`).join(`"${to.name}"`).split(`.${family}`).join(`.${to.name}`).replace(new RegExp(`^${family}$`), to.name));
  const same = await untouched(path, entry, prefix);
  for (const command of commands(to)) {
    const run = await docsheet([command, path, ...familyArgs(command, to.name), "--base-url", s.service.root, ...s.auth]);
    expect({ command, said: run.stdout + run.stderr }).toEqual({ command, said: expect.not.stringMatching(/was already deleted/) });
    expect({ command, code: run.code }).not.toEqual({ command, code: 0 });
  }
  await same();
});

/** A cell of a posted sample to change and send with update: the first of these headers the sample has. */
const SENT_EDIT: ReadonlyArray<[string, (v: unknown, prefix: string) => unknown]> = [
  ["item.pricePerUnit", (v) => Number(v) + 50], ["item.partialAmount", (v) => Number(v) - 10], ["Name", (_, prefix) => `${prefix} renamed`], ["Sell price", (v) => Number(v) + 50],
];
/** The field edited in the pulled sheet: the first of these its pull writes. */
const SHEET_EDIT = ["contactName", "name", "description"];

eachFamily("refresh of its pulled sheet: changed on the service refreshed, new appended, deleted or void marked, edited in the sheet listed and kept", () => true, async (family, entry, index) => {
  const prefix = `R${index}Q`;
  const sample = SAMPLES[family];
  await sample.before?.(s.client, prefix, 4);
  const path = await posted(family, prefix, 3, 1, false);
  const ids = new Map([...await taggedRecords(s.client, entry, prefix)].map(([tag, list]) => [tag, list[0].id]));
  const id = (i: number): number => ids.get(`${prefix}-${i}`)!;
  const pulled = join(s.dir, `${prefix}-pulled.xlsx`);
  const pull = await docsheet(["pull", family, "--out", pulled, "--base-url", s.service.root, ...s.auth, ...(entry.pulls.includes("search") ? ["--search", prefix] : [])]);
  expect(pull.code).toBe(0);

  // On the service: record 1 changed (sent by update where the family takes one; a certificate's
  // status moved; the service never changes a voucher), record 2 deleted or voided (a voucher has
  // neither), record 3 left, and record 4 made.
  const sent = SENT_EDIT.find(([h]) => sample.header.includes(h));
  if (entry.updates && sent) {
    const [header, to] = sent;
    await editCells(path, [[0, header, to(sample.rows(prefix, 1)[0][sample.header.indexOf(header)], prefix) as never]]);
    expect((await docsheet(["update", path, "--family", family, "--base-url", s.service.root, ...s.auth, "--in-place"])).code).toBe(0);
  } else if (entry.kind === "certificate") {
    const now = (await entry.store(s.client).get(id(1))).statusString;
    await s.client.withholdingTaxes.setStatus(id(1), entry.statuses.find((w) => w !== now && w !== "void")!);
  }
  const changes = entry.updates || entry.kind === "certificate";
  const unposting = unpostingOf(entry, s.client);
  if (unposting) await unposting.run(s.client, id(2), await entry.store(s.client).get(id(2)));
  await posted(family, prefix, 4, 4, false);
  const added = (await taggedRecords(s.client, entry, prefix)).get(`${prefix}-4`)![0].id;

  // In the sheet: record 3's row edited, and the user's own columns beside the table (a note and a
  // formula on every row), which refresh never writes.
  const xlsx = await XlsxWorkbook.load(pulled);
  const sheet = (await xlsx.sheetNames())[0];
  const read = readDocuments(await xlsx.read({ sheet, whole: true }), { table: entry.fields, family });
  const key = SHEET_EDIT.find((k) => read.layout.headers.columns.has(k))!;
  const third = read.documents.find((d) => Number(d.fields.recordId?.value) === id(3))!;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(pulled);
  const ws = wb.worksheets[0];
  const width = ws.getRow(1).cellCount;
  const [notes, twice, idLetter, last] = [width + 1, width + 2, ws.getColumn(read.layout.headers.columns.get("recordId")! + 1).letter, ws.getColumn(width).letter];
  expect(tableOf(ws).tableRef).toBe(`A1:${last}${ws.rowCount}`);
  ws.getCell(1, notes).value = "My notes";
  ws.getCell(1, twice).value = "Twice";
  for (let r = 2; r <= ws.rowCount; r++) {
    ws.getCell(r, notes).value = `note ${r}`;
    ws.getCell(r, twice).value = { formula: `${idLetter}${r}*2`, result: 0 } as ExcelJS.CellFormulaValue;
  }
  ws.getCell(third.firstRow + 1, read.layout.headers.columns.get(key)! + 1).value = "edited in the sheet";
  await wb.xlsx.writeFile(pulled);
  const before = await sheetRows(pulled);

  const run = await docsheet(["refresh", pulled, "--base-url", s.service.root, ...s.auth]);
  expect(run.code).toBe(1);
  const after = await sheetRows(pulled);
  const resultOf = (recordId: number): unknown[] => after.filter((r) => Number(r.recordId) === recordId).map((r) => r.result).filter((r) => r !== null && r !== undefined);
  const header = String(ws.getCell(1, read.layout.headers.columns.get(key)! + 1).value);
  expect({
    changed: resultOf(id(1))[0], gone: resultOf(id(2))[0], edited: resultOf(id(3))[0], added: resultOf(added),
  }).toEqual({
    changed: changes ? expect.stringMatching(/^refreshed: \S/) : undefined,
    gone: unposting ? expect.stringMatching(/^(deleted|void) on the service$/) : undefined,
    edited: expect.stringContaining(`not refreshed: edited in the sheet and not sent (${header})`),
    added: sample.rows(prefix, 4).map(() => "added by refresh"),
  });
  const [voided, deleted] = [/^void/.test(String(resultOf(id(2))[0])) ? 1 : 0, /^deleted/.test(String(resultOf(id(2))[0])) ? 1 : 0];
  expect(run.stdout).toMatch(new RegExp(`refreshed sheet "${sheet}": ${changes ? 1 : 0} refreshed, 1 added, \\d+ unchanged, ${voided} void, ${deleted} deleted on the service, 1 edited in the sheet and not refreshed`));
  // Record 1's rows took the service's copy, its message naming the columns that changed.
  if (changes) {
    const was = before.find((r) => Number(r.recordId) === id(1))!;
    const now = after.find((r) => Number(r.recordId) === id(1))!;
    const moved = Object.keys(was).filter((h) => !/^(result|fingerprint)$/i.test(h) && JSON.stringify(was[h]) !== JSON.stringify(now[h]));
    expect(moved.filter((h) => String(now.result).includes(h))).not.toEqual([]);
  }
  // Record 3's rows kept their edit.
  const cellsOf = (rows: Record<string, unknown>[], recordId: number): string => JSON.stringify(rows.filter((r) => Number(r.recordId) === recordId).map((r) => Object.entries(r).filter(([k]) => !/^result$/i.test(k))));
  if (changes) expect(cellsOf(after, id(1))).not.toBe(cellsOf(before, id(1)));
  expect(cellsOf(after, id(3))).toBe(cellsOf(before, id(3)));
  // Nothing else moved: every row of before is still where it was (record 2's too), with its
  // record id, and the edit kept.
  expect(after.slice(0, before.length).map((r) => r.recordId)).toEqual(before.map((r) => r.recordId));
  expect(after.length).toBe(before.length + sample.rows(prefix, 4).length);
  expect(cellsOf(after, id(3))).toContain("edited in the sheet");
  const others = after.filter((r, i) => i < before.length && ![id(1), id(2), id(3)].includes(Number(r.recordId)));
  expect(others.map((r) => r.result ?? null).filter((r) => r !== null && r !== "unchanged")).toEqual([]);
  // The user's columns stayed on their rows; the appended rows joined the table with the pull's formats.
  const own = (rows: Record<string, unknown>[]): unknown[] => rows.map((r) => [r["My notes"] ?? null, (r.Twice as ExcelJS.CellFormulaValue | null)?.formula ?? null]);
  expect(own(after)).toEqual([...own(before), ...sample.rows(prefix, 4).map(() => [null, null])]);
  const grown = new ExcelJS.Workbook();
  await grown.xlsx.readFile(pulled);
  const table = grown.worksheets[0];
  expect(tableOf(table).tableRef).toBe(`A1:${last}${after.length + 1}`);
  const formats = (row: number): string[] => Array.from({ length: width }, (_, c) => table.getRow(row).getCell(c + 1).numFmt ?? "");
  const shown = formats(2).map((f) => (/[0#]|y/.test(f) ? f : ""));
  expect(formats(after.length + 1).map((f, c) => (shown[c] ? f : ""))).toEqual(shown);

  // The service's copy taken for the edited row, as an update conflict is resolved; its note stays.
  const taken = await docsheet(["refresh", pulled, "--base-url", s.service.root, ...s.auth, "--rows", String(third.firstRow + 1), "--lang", "th"]);
  expect(taken.code).toBe(0);
  const resolved = await sheetRows(pulled);
  const { result: said, "My notes": note } = resolved.find((r) => Number(r.recordId) === id(3))!;
  // It names the field taken in Thai, as the family's Thai sheet heads it.
  expect([entry.fields.forHeader(/^รีเฟรชแล้ว: (.+)$/.exec(String(said))?.[1] ?? "")?.key, note]).toEqual([key, `note ${third.firstRow + 1}`]);
  expect(cellsOf(resolved, id(3))).not.toContain("edited in the sheet");
});

/** The one table of a worksheet, as exceljs reads it from the file. */
function tableOf(ws: ExcelJS.Worksheet): { tableRef?: string } {
  const tables = Object.values((ws as unknown as { tables: Record<string, { table: { tableRef?: string } }> }).tables ?? {});
  expect(tables).toHaveLength(1);
  return tables[0].table;
}

/** Record i's row (the sample's one row) edited as the sample's `variant` gives it: each cell it gives otherwise. */
async function editRecord(path: string, family: FamilyEntry["name"], prefix: string, i: number, variant: number): Promise<void> {
  const sample = SAMPLES[family];
  const [was] = sample.rows(prefix, i, 0);
  const [now] = sample.rows(prefix, i, variant);
  await editCells(path, sample.header.flatMap((h, c): [number, string, never][] => (was[c] === now[c] ? [] : [[i - 1, h, now[c] as never]])));
}

/** The family's records of the prefix as the service has them, by tag, without when they changed. */
async function recordsOf(entry: FamilyEntry, prefix: string): Promise<Map<string, string>> {
  const when = /^(updated|modified|lastUpdated)/i;
  const out = new Map<string, string>();
  for (const [tag, list] of await taggedRecords(s.client, entry, prefix)) {
    out.set(tag, JSON.stringify(list.map((r) => Object.fromEntries(Object.entries(r.record).filter(([k]) => !when.test(k))))));
  }
  return out;
}

eachFamily("an edited row is updated, a row changed on the service since is a conflict, nothing else changes", (entry) => entry.updates, async (family, entry, index) => {
  const prefix = `U${index}`;
  const path = await posted(family, prefix, 3);
  const ids = (await sheetRows(path)).map((r) => Number(r.recordId));
  await SAMPLES[family].editable?.(s.client, ids);
  // Record 2 edited and updated from a copy of the workbook: changed on the service since this sheet saw it.
  const other = path.replace(/\.xlsx$/, "-other.xlsx");
  await copyFile(path, other);
  await editRecord(other, family, prefix, 2, 2);
  const first = await docsheet(["update", other, "--family", family, "--base-url", s.service.root, ...s.auth, "--in-place"]);
  expect({ code: first.code, said: first.stdout + first.stderr }).toEqual({ code: 0, said: expect.stringMatching(/updated/) });
  const before = await recordsOf(entry, prefix);

  await editRecord(path, family, prefix, 1, 1);
  await editRecord(path, family, prefix, 2, 3);
  const run = await docsheet(["update", path, "--family", family, "--base-url", s.service.root, ...s.auth, "--in-place"]);
  expect({ code: run.code, said: run.stdout + run.stderr }).toEqual({ code: 1, said: expect.stringMatching(/changed on the service/) });
  const rows = await sheetRows(path);
  expect(rows.map((r) => String(r.result))).toEqual([expect.stringMatching(/^updated: /), expect.stringMatching(/^not sent: changed on the service since/), "no changes"]);
  const after = await recordsOf(entry, prefix);
  // Record 1 took the sheet's edit; nothing else changed (record 2 is as the other workbook left it).
  expect(after.get(`${prefix}-1`)).not.toEqual(before.get(`${prefix}-1`));
  expect([after.get(`${prefix}-2`), after.get(`${prefix}-3`), after.size]).toEqual([before.get(`${prefix}-2`), before.get(`${prefix}-3`), before.size]);
  // The updated row keeps the fingerprint of the service's copy it sent: the next update compares with that.
  const sent = (await taggedRecords(s.client, entry, prefix)).get(`${prefix}-1`)![0].record;
  expect(entry.proof.changed(rows[0].fingerprint, sent)).toBe(false);
});

/** The field edited in a pulled sheet and sent by update: the first of these its pull writes. */
const PULLED_EDIT = ["remarks", "item.name", "name", "contactName"];

eachFamily("a pulled sheet updated (one edited row) and refreshed: each reads the other's fingerprint, no false conflict or edit", (entry) => entry.updates, async (family, entry, index) => {
  const prefix = `P${index}Q`;
  await posted(family, prefix);
  const ids = new Map([...await taggedRecords(s.client, entry, prefix)].map(([tag, list]) => [tag, list[0].id]));
  await SAMPLES[family].editable?.(s.client, [...ids.values()]);
  const pulled = join(s.dir, `${prefix}-pulled.xlsx`);
  const pull = await docsheet(["pull", family, "--out", pulled, "--base-url", s.service.root, ...s.auth, ...(entry.pulls.includes("search") ? ["--search", prefix] : [])]);
  expect(pull.code).toBe(0);
  // Record 1's row edited in the pulled sheet.
  const xlsx = await XlsxWorkbook.load(pulled);
  const read = readDocuments(await xlsx.read({ sheet: (await xlsx.sheetNames())[0], whole: true }), { table: entry.fields, family });
  const key = PULLED_EDIT.find((k) => read.layout.headers.columns.has(k))!;
  const first = read.documents.find((d) => Number(d.fields.recordId?.value) === ids.get(`${prefix}-1`))!;
  const edit = async (path: string, value: string): Promise<void> => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path);
    wb.worksheets[0].getCell(first.firstRow + 1, read.layout.headers.columns.get(key)! + 1).value = value;
    await wb.xlsx.writeFile(path);
  };
  await edit(pulled, `${prefix} edited`);
  const results = async (): Promise<Map<number, string[]>> => {
    const out = new Map<number, string[]>();
    for (const r of await sheetRows(pulled)) if (r.result !== null && r.result !== undefined) out.set(Number(r.recordId), [...out.get(Number(r.recordId)) ?? [], String(r.result)]);
    return out;
  };
  const ours = async (): Promise<Record<string, string[]>> => {
    const all = await results();
    return Object.fromEntries([...ids].map(([tag, id]) => [tag, all.get(id) ?? []]));
  };

  // Update reads the pull's fingerprint: the edited row is sent, every other row has no changes (a
  // pull that cannot search lists the company's other records too, the seed's among them: a
  // product's type and a contact's branch read back as the service keeps them).
  const noConflict = { said: expect.stringMatching(/ 0 changed on the service/), code: 0 };
  const judged = (run: { code: number | null; stdout: string; stderr: string }): object => ({ said: run.stdout + run.stderr, code: run.code });
  const update = await docsheet(["update", pulled, "--family", family, "--base-url", s.service.root, ...s.auth, "--in-place"]);
  expect(judged(update)).toEqual(noConflict);
  expect(await ours()).toEqual({ [`${prefix}-1`]: [expect.stringMatching(/^updated: /)], [`${prefix}-2`]: ["no changes"] });
  const others = [...await results()].filter(([id]) => id !== ids.get(`${prefix}-1`)).flatMap(([, said]) => said);
  expect(others.filter((said) => said !== "no changes")).toEqual([]);
  // Changed on the service since (another copy of the workbook updated): the update wrote the
  // pulled columns' hashes, so refresh takes the change as the service's, not the sheet's.
  const other = pulled.replace(/\.xlsx$/, "-other.xlsx");
  await copyFile(pulled, other);
  await edit(other, `${prefix} again`);
  expect((await docsheet(["update", other, "--family", family, "--base-url", s.service.root, ...s.auth, "--in-place"])).stdout).toMatch(/ 0 changed on the service/);
  const told = JSON.stringify(await entry.store(s.client).get(ids.get(`${prefix}-1`)!)).includes(`${prefix} again`);
  expect({ family, told }).toEqual({ family, told: true });
  // Refresh reads the update's: nothing edited in the sheet, the sent row in step with the service.
  const refresh = await docsheet(["refresh", pulled, "--base-url", s.service.root, ...s.auth]);
  expect(judged(refresh)).toEqual({ said: expect.stringMatching(/ 0 edited in the sheet/), code: 0 });
  const header = read.layout.headers.texts[read.layout.headers.columns.get(key)! - read.layout.headers.left];
  expect((await ours())[`${prefix}-1`]).toEqual([told ? `refreshed: ${header}` : expect.not.stringMatching(/edited in the sheet/)]);
  // And update reads refresh's: nothing left to send, no conflict.
  const again = await docsheet(["update", pulled, "--family", family, "--base-url", s.service.root, ...s.auth, "--in-place"]);
  expect(judged(again)).toEqual(noConflict);
  expect(await ours()).toEqual({ [`${prefix}-1`]: ["no changes"], [`${prefix}-2`]: ["no changes"] });

  // The customer's name edited (in a copy, previewed in Thai): to be updated, or refused before
  // anything is sent where the service takes it from elsewhere (a receipt of part of a tax invoice
  // is the invoice's customer's), never said updated with nothing changed.
  if (read.layout.headers.columns.has("contactName")) {
    const named = pulled.replace(/\.xlsx$/, "-named.xlsx");
    await copyFile(pulled, named);
    const second = read.documents.find((d) => Number(d.fields.recordId?.value) === ids.get(`${prefix}-2`))!;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(named);
    wb.worksheets[0].getCell(second.firstRow + 1, read.layout.headers.columns.get("contactName")! + 1).value = `${prefix} renamed`;
    await wb.xlsx.writeFile(named);
    const dry = await docsheet(["update", named, "--family", family, "--dry-run", "--lang", "th", "--base-url", s.service.root, ...s.auth]);
    const said = new RegExp(`^(?:\\S+ \\()?แถว ${second.firstRow + 1}\\)?: (.*)$`, "m").exec(dry.stdout)?.[1];
    expect({ family, said }).toEqual({ family, said: expect.stringMatching(family === "receipts" ? /^ไม่ได้ส่ง: ใบเสร็จรับเงินที่รับชำระบางส่วนของใบกำกับภาษีใช้ข้อมูลลูกค้าตามใบกำกับภาษีนั้น จึงแก้ไข ชื่อลูกค้า ในใบเสร็จไม่ได้/ : /^จะแก้ไข: /) });
  }
});

eachFamily("rows without their serial are updated and undone, known by the family's fingerprint and marker", (entry) => entry.kind === "certificate", async (family, entry, index) => {
  const prefix = `S${index}Q`;
  const path = await posted(family, prefix);
  // Record 1 made editable (a certificate awaiting) and edited, record 2 left as posted; both rows' serials cleared.
  await SAMPLES[family].editable?.(s.client, [Number((await sheetRows(path))[0].recordId)]);
  const xlsx = await XlsxWorkbook.load(path);
  const read = readDocuments(await xlsx.read({ sheet: (await xlsx.sheetNames())[0], whole: true }), { table: entry.fields, family });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  for (const doc of read.documents) wb.worksheets[0].getCell(doc.firstRow + 1, read.layout.headers.columns.get("documentSerial")! + 1).value = null;
  await wb.xlsx.writeFile(path);
  await editRecord(path, family, prefix, 1, 1);
  const update = await docsheet(["update", path, "--family", family, "--base-url", s.service.root, ...s.auth, "--in-place"]);
  expect({ code: update.code, rows: (await sheetRows(path)).map((r) => String(r.result)) }).toEqual({ code: 0, rows: [expect.stringMatching(/^updated: /), "no changes"] });
  const undo = await docsheet(["undo", path, "--family", family, "--base-url", s.service.root, ...s.auth, "--in-place"]);
  // Record 2 undone by its fingerprint and marker; record 1, changed since the post, left alone.
  expect({ said: undo.stdout + undo.stderr }).toEqual({ said: expect.stringMatching(/undone: (1 deleted, 0 voided|0 deleted, 1 voided)/) });
  const live = await liveRecords(s.client, entry, prefix);
  expect([live.get(`${prefix}-1`)?.length, live.get(`${prefix}-2`)?.length ?? 0]).toEqual([1, 0]);
});
