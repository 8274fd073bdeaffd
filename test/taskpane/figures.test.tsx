// Refresh figures (jsdom, the real pane services against the real local service): a click makes the
// worksheet functions forget what they read, so their next call reads the service again, and asks
// Excel (the strict fake) for one full calculation in one Excel.run of one sync; a workbook that
// does not calculate formulas says so (the preview's grid calculates them: test/e2e/functions.test.ts).
// In English and Thai; not connected, it waits.
import { App } from "../../src/taskpane/app";
import * as functions from "../../src/functions/excel";
import { translator, type Lang } from "../../src/taskpane/i18n";
import { FiguresSection } from "../../src/taskpane/sections/figures";
import { createServices } from "../../src/taskpane/services";
import type { PaneServices } from "../../src/taskpane/views";
import { ExcelPort } from "../../src/workbook/excel";
import { MemoryWorkbook } from "../../src/workbook/memory";
import type { WorkbookPort } from "../../src/workbook/port";
import { FakeExcel } from "../workbook/excel-fake";
import { bridgedFetch, buttonNamed, click, localService, mountPane, until } from "./support";

jest.setTimeout(180_000);

const local = localService();

/** Every request the pane's client sent to the local service (the functions read through it). */
const sent: string[] = [];
const countingFetch: typeof fetch = (input, init) => {
  sent.push(`${init?.method ?? "GET"} ${new URL(String(input)).pathname}`);
  return bridgedFetch(input, init);
};

class CellError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

let services: PaneServices | undefined;

beforeAll(() => {
  (globalThis as Record<string, unknown>).CustomFunctions = { associate: () => undefined, Error: CellError, ErrorCode: { invalidValue: "#VALUE!", notAvailable: "#N/A" } };
});

afterAll(() => {
  delete (globalThis as Record<string, unknown>).CustomFunctions;
});

afterEach(() => {
  services?.disconnect();
  services = undefined;
  document.body.innerHTML = "";
});

async function connected(port: WorkbookPort): Promise<PaneServices> {
  services = createServices({ port, relayBase: null, fetch: countingFetch });
  await services.connect({ environment: "custom", customRoot: local.service.root, ...local.demo });
  return services;
}

/** The section in `lang`, connected, after a cell's DOCSHEET.CONTACTS() read the contacts once and
 * a second call read nothing (the answer kept). */
async function afterOneRead(port: WorkbookPort, lang: Lang): Promise<{ root: HTMLElement; rows: number }> {
  const root = mountPane(<FiguresSection t={translator(lang)} services={await connected(port)} connected />);
  const before = sent.length;
  const table = await functions.contacts();
  expect(sent.length).toBeGreaterThan(before);
  const read = sent.length;
  expect(await functions.contacts()).toEqual(table);
  expect(sent.length).toBe(read);
  return { root, rows: table.length };
}

const texts = (root: HTMLElement, selector: string) => [...root.querySelectorAll(selector)].map((e) => e.textContent ?? "");

test("Refresh figures forgets the functions' answers and asks Excel for one full calculation, in one sync", async () => {
  const excel = new FakeExcel();
  const { root, rows } = await afterOneRead(new ExcelPort(excel.host()), "en");
  expect(root.querySelector("#figures summary")?.textContent).toBe("Worksheet functions");
  // Excel calls the sheet's DOCSHEET formulas as it calculates: here one cell's DOCSHEET.CONTACTS().
  let calculated: Promise<unknown[][]> | undefined;
  let calculationRun = 0;
  excel.onCalculate = () => {
    calculationRun = excel.runs;
    calculated = functions.contacts();
  };
  const runs = excel.runs;
  const read = sent.length;
  click(root, "Refresh figures");
  await until(() => root.querySelector("#figures .msg") !== null, "the refresh");
  expect(texts(root, "#figures .msg")).toEqual(["Figures refreshed: the workbook was recalculated with the service's figures as they are now."]);
  expect(excel.calculations).toEqual(["Full"]);
  expect(calculationRun).toBe(runs + 1);
  expect(excel.syncsOfRun(calculationRun)).toBe(1);
  // The cell's call after the refresh read the service again, and got the same contacts.
  expect((await calculated!).length).toBe(rows);
  expect(sent.length).toBeGreaterThan(read);
  // Reads only: nothing created, changed or deleted (the token aside).
  expect(sent.filter((s) => !s.startsWith("GET") && !s.endsWith("/token"))).toEqual([]);
});

test("in Thai; a workbook that does not calculate formulas (the in-memory port) forgets the answers and says so", async () => {
  const { root } = await afterOneRead(new MemoryWorkbook(), "th");
  const t = translator("th");
  expect(root.querySelector("#figures summary")?.textContent).toBe("ฟังก์ชันในเวิร์กชีต");
  expect(root.querySelector("#figures p.help")?.textContent).toBe(t("figuresHelp"));
  click(root, "รีเฟรชตัวเลข");
  await until(() => root.querySelector("#figures .msg") !== null, "the refresh");
  expect(texts(root, "#figures .msg.info")).toEqual(["ล้างตัวเลขที่อ่านไว้แล้ว สมุดงานนี้ไม่คำนวณสูตร DOCSHEET จึงไม่มีเซลล์ใดเปลี่ยน"]);
  const read = sent.length;
  await functions.contacts();
  expect(sent.length).toBeGreaterThan(read);
});

test.each<[Lang, string, string]>([["en", "Refresh figures", "Connect first (section Connect)."], ["th", "รีเฟรชตัวเลข", "โปรดเชื่อมต่อก่อน (ส่วนเชื่อมต่อ)"]])(
  "the pane (%s) has the button for any document type; not connected, it waits for a connection",
  (lang, label, hint) => {
    const excel = new FakeExcel();
    const root = mountPane(<App services={createServices({ port: new ExcelPort(excel.host()), relayBase: null })} lang={lang} storage={null} />);
    expect(buttonNamed(root, label).disabled).toBe(true);
    expect(texts(root, "#figures .msg.info")).toEqual([hint]);
    expect(excel.calculations).toEqual([]);
  },
);
