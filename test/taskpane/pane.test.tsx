// Component tests of the task pane in jsdom: the real pane, the real check job on the in-memory
// port; nothing of the network (the end-to-end tests in Chromium cover the service).
import { render } from "preact";
import { act } from "preact/test-utils";
import { NetworkError, RateLimitError, WrongCredentialsError } from "../../src/api/errors";
import { App } from "../../src/taskpane/app";
import { describeError } from "../../src/taskpane/errors";
import { ALL_KEYS, MESSAGES, pickLanguage, translator } from "../../src/taskpane/i18n";
import { createServices, serviceRoot, toJobAction, validRoot } from "../../src/taskpane/services";
import { type PaneServices } from "../../src/taskpane/views";
import { parseTsv } from "../../src/taskpane/preview/tsv";
import { PreviewWorkbook } from "../../src/taskpane/preview/workbook";
import { MemoryWorkbook } from "../../src/workbook/memory";
import { ExcelPort, MARK_FILL } from "../../src/workbook/excel";
import { FakeExcel } from "../workbook/excel-fake";

const HEADER = ["documentKey", "contactName", "publishedOn", "item.name", "item.quantity", "item.pricePerUnit", "isVat"];

function mount(services: PaneServices, lang: "en" | "th" = "en", storage: Storage | null = null): HTMLElement {
  const root = document.createElement("div");
  document.body.appendChild(root);
  act(() => render(<App services={services} lang={lang} storage={storage} />, root));
  return root;
}

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await act(async () => { await new Promise((r) => setTimeout(r, 5)); });
}

function button(root: HTMLElement, text: string): HTMLButtonElement {
  const b = [...root.querySelectorAll("button")].find((x) => x.textContent?.trim() === text);
  if (!b) throw new Error(`no button "${text}" in: ${[...root.querySelectorAll("button")].map((x) => x.textContent).join(" | ")}`);
  return b;
}

function type(input: HTMLInputElement, value: string): void {
  act(() => {
    input.value = value;
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("language", () => {
  test("follows Office's display language", () => {
    expect(pickLanguage("th-TH")).toBe("th");
    expect(pickLanguage("TH")).toBe("th");
    expect(pickLanguage("en-US")).toBe("en");
    expect(pickLanguage("the")).toBe("en");
    expect(pickLanguage(undefined)).toBe("en");
  });

  test("every message has a Thai text with the same placeholders", () => {
    for (const key of ALL_KEYS) {
      expect(MESSAGES.th[key].trim()).not.toBe("");
      const vars = (s: string) => [...new Set((s.match(/\{\w+/g) ?? []))].sort();
      expect(vars(MESSAGES.th[key])).toEqual(vars(MESSAGES.en[key]));
    }
  });

  test("counts take the right English word; Thai has one form", () => {
    expect(translator("en")("pullDone", { rows: 1, sheet: "Tax invoices" })).toBe("1 row written to sheet “Tax invoices”.");
    expect(translator("en")("pullDone", { rows: 12, sheet: "Tax invoices" })).toBe("12 rows written to sheet “Tax invoices”.");
    expect(translator("th")("pullDone", { rows: 1, sheet: "S" })).toBe("เขียน 1 แถวลงชีต “S” แล้ว");
  });

  test("the pane renders in Thai and can switch to English", () => {
    const root = mount(createServices({ port: new MemoryWorkbook(), relayBase: null }), "th");
    expect(root.textContent).toContain("เชื่อมต่อ");
    expect(root.textContent).toContain("ตรวจสอบ");
    const select = root.querySelector<HTMLSelectElement>("#ds-lang")!;
    act(() => {
      select.value = "en";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    expect(root.textContent).toContain("Test connection");
  });
});

describe("check", () => {
  test("lists findings; a click selects the cell; totals per document", async () => {
    const memory = new MemoryWorkbook({
      Sheet1: [HEADER, ["1", "Acme", "2026-01-05", "Pen", 2, 100, false], ["2", "", "2026-01-05", "Ink", 1, 50, false]],
    });
    const root = mount(createServices({ port: memory, relayBase: null }));
    act(() => button(root, "Check rows").click());
    await settle();
    const findings = [...root.querySelectorAll("ul.findings button")];
    expect(findings.length).toBeGreaterThan(0);
    expect(root.textContent).toContain("2 documents checked: 1 problem.");
    // the missing name is pinned to the empty cell of its column, said with the field's label
    const onContact = findings.find((b) => b.textContent === "B3Enter the customer's name (or a contact id)") as HTMLButtonElement;
    expect(onContact).toBeDefined();
    expect(memory.sheet("Sheet1").marks.get("2,1")).toContain("Enter the customer's name (or a contact id)");
    act(() => onContact.click());
    await settle();
    expect(memory.selection).toEqual({ sheet: "Sheet1", row: 2, col: 1 });
    const summary = root.querySelector("table[aria-label='Totals per document']");
    const rows = [...summary!.querySelectorAll("tbody tr")].map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent));
    expect(rows).toEqual([["1", "0.00", "200.00"], ["2", "0.00", "50.00"]]); // VAT FALSE: no VAT
  });

  test("a clean sheet says so; a sheet without headers gets a clear message, not a crash", async () => {
    const clean = new MemoryWorkbook({ Sheet1: [HEADER, ["1", "Acme", "2026-01-05", "Pen", 2, 100, false]] });
    let root = mount(createServices({ port: clean, relayBase: null }));
    act(() => button(root, "Check rows").click());
    await settle();
    expect(root.textContent).toContain("1 document checked: no problems found.");

    document.body.innerHTML = "";
    const junk = new MemoryWorkbook({ Sheet1: [["=1+", "@@", 3], [null, "x", "y"]] });
    root = mount(createServices({ port: junk, relayBase: null }));
    act(() => button(root, "Check rows").click());
    await settle();
    expect(root.querySelector("ul.findings")?.textContent).toMatch(/header/i);
  });
});

describe("check in an old Excel (ExcelApi 1.9: no notes, no comments)", () => {
  test("messages go into the result column of their rows", async () => {
    const excel = new FakeExcel("1.9");
    const sheet = excel.sheet("Sheet1");
    sheet.fill([HEADER, ["1", "Acme", "2026-01-05", "Pen", 2, 100, false], ["2", "", "2026-01-05", "Ink", 1, 50, false]]);
    excel.select(sheet, 0, 0, 3, 7);
    const services = createServices({ port: new ExcelPort(excel.host()), relayBase: null });
    const view = await services.check("tax-invoices", {});
    expect(view.findings.map((f) => f.cell)).toContain("B3");
    expect(sheet.shownFill(2, 1).color).toBe(MARK_FILL);
    expect(sheet.value(0, 7)).toBe("result");
    expect(String(sheet.value(2, 7))).toContain("Enter the customer's name (or a contact id)");
    expect(sheet.value(1, 7)).toBe("");
    expect(sheet.notes.size + excel.comments.size).toBe(0);
  });
});

describe("connect", () => {
  test("asks for what is missing; keeps the secret out of storage", async () => {
    const stored = new Map<string, string>();
    const storage = { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) } as Storage;
    const calls: string[] = [];
    const services: PaneServices = {
      ...createServices({ port: new MemoryWorkbook(), relayBase: "https://localhost:3000/relay" }),
      connect: async (form) => {
        calls.push(serviceRoot(form, "https://localhost:3000/relay"));
        if (form.clientSecret !== "demo-secret") throw new WrongCredentialsError({ operation: "token" });
        return "Demo Co., Ltd.";
      },
    };
    const root = mount(services, "en", storage);
    act(() => button(root, "Test connection").click());
    await settle();
    expect(root.textContent).toContain("Client id is required.");
    type(root.querySelector<HTMLInputElement>("#ds-client-id")!, "demo");
    type(root.querySelector<HTMLInputElement>("#ds-secret")!, "wrong");
    act(() => button(root, "Test connection").click());
    await settle();
    expect(root.textContent).toContain("Wrong client id or secret.");
    type(root.querySelector<HTMLInputElement>("#ds-secret")!, "demo-secret");
    act(() => button(root, "Test connection").click());
    await settle();
    expect(root.textContent).toContain("Connected to Demo Co., Ltd.");
    expect(calls).toEqual(["https://localhost:3000/relay/local", "https://localhost:3000/relay/local"]);
    expect([...stored.values()].join()).not.toContain("secret");
    expect(JSON.parse(stored.get("docsheet.connection")!)).toEqual({ environment: "local", customRoot: "", clientId: "demo" });
  });

  test("a custom root must be a full https URL (or http on this computer)", async () => {
    const root = mount(createServices({ port: new MemoryWorkbook(), relayBase: null }));
    const env = root.querySelector<HTMLSelectElement>("#ds-env")!;
    act(() => {
      env.value = "custom";
      env.dispatchEvent(new Event("change", { bubbles: true }));
    });
    type(root.querySelector<HTMLInputElement>("#ds-root")!, "ftp://x");
    act(() => button(root, "Test connection").click());
    await settle();
    expect(root.textContent).toContain("Enter a full https://");
    expect(validRoot("https://openapi.example.com/v1")).toBe(true);
    expect(validRoot("http://127.0.0.1:8787/test")).toBe(true);
    expect(validRoot("http://evil.example/v1")).toBe(false);
  });

  test("post, pull and actions ask for a connection first", () => {
    const root = mount(createServices({ port: new MemoryWorkbook(), relayBase: null }));
    expect(button(root, "Post documents").disabled).toBe(true);
    expect(button(root, "Pull into a new sheet").disabled).toBe(true);
    expect(button(root, "Run on selected rows").disabled).toBe(true);
    expect(root.textContent).toContain("Connect first");
  });
});

describe("failures read clearly", () => {
  const t = translator("en");
  test.each([
    [new NetworkError("x", { operation: "token" }), /No connection to the service/],
    [new WrongCredentialsError({ operation: "token" }), /Wrong client id or secret/],
    [new RateLimitError("429", { operation: "list", retryAfterMs: 7000 }), /Try again in 7 seconds/],
    [Object.assign(new Error("ItemNotFound: no worksheet X"), { code: "ItemNotFound" }), /Excel could not do it/],
    [new TypeError("Failed to fetch"), /No connection/],
  ])("%s", (err, text) => {
    expect(describeError(err, t)).toMatch(text);
  });
});

describe("keyboard", () => {
  test("every control is a native focusable element with a label", () => {
    const root = mount(createServices({ port: new MemoryWorkbook(), relayBase: null }));
    for (const input of root.querySelectorAll("input:not([type=radio]), select")) {
      expect([input.id, root.querySelector(`label[for='${input.id}']`) !== null]).toEqual([input.id, true]);
    }
    for (const summary of root.querySelectorAll("summary")) expect(summary.parentElement?.tagName).toBe("DETAILS");
    expect(root.querySelectorAll("[onclick]:not(button)").length).toBe(0);
  });
});

describe("preview helpers", () => {
  test("TSV copied from Excel, quotes and all", () => {
    expect(parseTsv('a\tb\r\n1\t"x\ty"\r\n"he said ""hi"""\t\r\n')).toEqual([["a", "b"], [1, "x\ty"], ['he said "hi"', null]]);
    expect(parseTsv("")).toEqual([]);
    // Into text cells ("@", a template's tax id) digits stay text, as typed ones do; elsewhere numbers.
    expect(parseTsv("3101200456789\t5\r\n3101200456790\t6\r\n", (_, c) => (c === 0 ? "@" : undefined))).toEqual([["3101200456789", 5], ["3101200456790", 6]]);
  });

  test("the preview port reads the grid selection like Excel reads a selection", async () => {
    const book = new PreviewWorkbook(new MemoryWorkbook({ Sheet1: [["a", "b"], [1, 2], [3, 4]] }));
    const port = book.port();
    expect((await port.read()).values.length).toBe(3);
    book.select({ sheet: "Sheet1", top: 0, left: 1, bottom: 1, right: 1 });
    expect((await port.read()).values).toEqual([["b"], [2]]);
    expect(await book.selectionInfo()).toEqual({ sheet: "Sheet1", rows: [0, 1], region: "A1:B3" });
  });

  test("actions the job does not do are not offered", () => {
    const save = async () => "x.pdf";
    expect(toJobAction({ kind: "status", status: "approved" }, save)).toEqual({ kind: "status", statusId: "approved" });
    expect(toJobAction({ kind: "upgrade" }, save)).toBeNull();
    expect(toJobAction({ kind: "attach" }, save)).toBeNull();
  });
});
