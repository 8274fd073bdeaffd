// The Actions section's Upgrade control (jsdom): the target picker offers exactly the families the
// document can become, in English and Thai; and Run upgrades the selected rows through the real
// pane services, the act job and the real local service (child process, Node's own fetch).
import { act } from "preact/test-utils";
import { createClient } from "../../src/api/client";
import { postJob } from "../../src/jobs/post";
import { FAMILY_INFO, upgradeTargets, type DocumentFamily, type Family } from "../../src/rules/codes";
import { translator, type Lang } from "../../src/taskpane/i18n";
import { ActionsSection, actionsFor } from "../../src/taskpane/sections/actions";
import { createServices, toJobAction } from "../../src/taskpane/services";
import { type ActionRequest, type PaneServices } from "../../src/taskpane/views";
import { MemoryWorkbook } from "../../src/workbook/memory";
import { bridgedFetch, choose, clickWhenReady, localService, mountPane, options, typeInto, until } from "./support";

jest.setTimeout(120_000);

function mount(services: PaneServices, family: DocumentFamily, lang: Lang = "en", connected = false): HTMLElement {
  return mountPane(<ActionsSection t={translator(lang)} lang={lang} services={services} family={family} connected={connected} />);
}

afterEach(() => {
  document.body.innerHTML = "";
});

/** Offline pane services whose act records each request and answers `ok` done: the form's own behaviour. */
function recordingActs(ok: number, port = new MemoryWorkbook()): { requests: ActionRequest[]; services: PaneServices } {
  const requests: ActionRequest[] = [];
  const services: PaneServices = {
    ...createServices({ port, relayBase: null }),
    act: async (_family, request) => {
      requests.push(request);
      return { ok, skipped: 0, failed: 0, links: [] };
    },
  };
  return { requests, services };
}

describe("the Upgrade control", () => {
  const offline = () => createServices({ port: new MemoryWorkbook(), relayBase: null });

  test.each<[Family, Family[]]>([
    ["quotations", ["billing-notes", "tax-invoices", "cash-invoices", "purchases-orders"]],
    ["billing-notes", ["tax-invoices", "receipts", "cash-invoices"]],
    ["tax-invoices", ["receipts"]],
    ["purchases-orders", ["purchases"]],
  ])("%s can become %j, named in English and Thai", (family, targets) => {
    expect(upgradeTargets(family)).toEqual(targets);
    for (const lang of ["en", "th"] as const) {
      const root = mount(offline(), family, lang);
      choose(root, "#ds-action", "upgrade");
      expect(root.querySelector("label[for='ds-upgrade']")?.textContent).toBe(translator(lang)("upgradeTo"));
      expect(options(root, "#ds-upgrade")).toEqual(targets.map((f) => [f, FAMILY_INFO[f].label[lang]]));
      expect(root.textContent).toContain(translator(lang)("upgradeHelp"));
      document.body.innerHTML = "";
    }
  });

  test("is not offered where nothing can be made from the document", () => {
    for (const family of ["receipts", "purchases", "expenses"] as Family[]) {
      expect(actionsFor(family)).not.toContain("upgrade");
      const root = mount(offline(), family);
      expect(options(root, "#ds-action").map(([v]) => v)).not.toContain("upgrade");
      document.body.innerHTML = "";
    }
  });

  test("asks for a connection before running", () => {
    const root = mount(offline(), "quotations");
    choose(root, "#ds-action", "upgrade");
    const run = [...root.querySelectorAll("button")].find((b) => b.textContent === "Run on selected rows")!;
    expect(run.disabled).toBe(true);
    expect(root.textContent).toContain("Connect first");
  });
});

describe("the E-mail action", () => {
  test("needs the sender; the recipient may be left to each row's contactEmail", async () => {
    const { requests, services } = recordingActs(1);
    const root = mount(services, "tax-invoices", "en", true);
    choose(root, "#ds-action", "email");
    const run = () => clickWhenReady(root, "Run on selected rows");
    await run();
    expect(root.textContent).toContain(translator("en")("fromEmail"));
    expect(requests).toHaveLength(0);

    typeInto(root, "#ds-from", "billing@demo.example");
    await run();
    await until(() => requests.length === 1, "the act request");
    expect(toJobAction(requests[0], async () => "")).toEqual({ kind: "email", fromEmail: "billing@demo.example", toEmail: undefined });

    typeInto(root, "#ds-email", "not an address");
    await run();
    expect(requests).toHaveLength(1);
  });
});

describe("the Delete action", () => {
  test("asks inside the pane (Office add-ins cannot open window.confirm), naming the documents; Keep them does nothing", async () => {
    const { requests, services } = recordingActs(2, new MemoryWorkbook({ S: [
      ["documentKey", "Customer", "recordId", "documentSerial"], ["a", "A Co", 11, "QT-0011"], ["b", "B Co", 12, "QT-0012"], ["c", "C Co", null, null],
    ] }));
    const root = mount(services, "quotations", "th", true);
    const th = translator("th");
    choose(root, "#ds-action", "delete");
    const button = (text: string) => [...root.querySelectorAll("button")].find((b) => b.textContent === text);
    await clickWhenReady(root, th("runAction"));
    await until(() => root.querySelector("[role=alertdialog]") !== null, "the prompt");
    expect(root.querySelector("[role=alertdialog]")?.textContent).toContain(th("confirmDeleteSome", { n: 2, serials: "QT-0011, QT-0012" }));
    expect(button(th("runAction"))!.disabled).toBe(true);
    expect(document.activeElement).toBe(button(th("confirmNo")));

    act(() => button(th("confirmNo"))!.click());
    expect(root.querySelector("[role=alertdialog]")).toBeNull();
    expect(requests).toHaveLength(0);

    await clickWhenReady(root, th("runAction"));
    await until(() => button(th("confirmYes")) !== undefined, "the prompt again");
    act(() => button(th("confirmYes"))!.click());
    await until(() => requests.length === 1, "the delete request");
    expect(requests[0]).toMatchObject({ kind: "delete", expect: [11, 12] });
    expect(root.querySelector("[role=alertdialog]")).toBeNull();
    await until(() => root.textContent!.includes(th("actDone", { ok: 2, skipped: 0, failed: 0 })), "the result line");
  });
});

describe("Cancel", () => {
  test("an action cancelled half-way says what it did and that the other rows were left as they were", async () => {
    const services: PaneServices = {
      ...createServices({ port: new MemoryWorkbook(), relayBase: null }),
      // Stands in for the act job: it stops on cancel and answers what it did before.
      act: (_family, _request, ctx) => new Promise((resolve) => ctx.signal?.addEventListener("abort", () => resolve({ ok: 3, skipped: 0, failed: 1, links: [] }))),
    };
    const root = mount(services, "tax-invoices", "en", true);
    const button = (text: string) => [...root.querySelectorAll("button")].find((b) => b.textContent === text);
    act(() => button("Run on selected rows")!.click());
    await until(() => button("Cancel") !== undefined, "the Cancel button");
    act(() => button("Cancel")!.click());
    await until(() => root.querySelector("#actions .msg.info") !== null, "the summary");
    expect(root.querySelector("#actions .msg.info")?.textContent).toBe(translator("en")("actCancelled", { ok: 3, skipped: 0, failed: 1 }));
    expect(root.querySelector("#actions .msg.info")?.textContent).toBe("Cancelled after 3 done, 0 skipped, 1 failed: the other selected rows were left as they were.");
  });
});

describe("Upgrade against the local service", () => {
  const local = localService();

  test("Run upgrades the selected rows into the chosen family and writes the new documents back", async () => {
    const book = new MemoryWorkbook({ S: [
      ["documentKey", "Customer", "Date", "isVat", "Item", "Qty", "Unit price"],
      ["u1", "Pane Co", "2026-03-01", true, "Pen", 1, 100],
      ["u2", "Pane Two Co", "2026-03-01", true, "Pen", 2, 100],
    ] });
    const client = createClient({ root: local.service.root, ...local.demo, fetch: bridgedFetch });
    expect((await postJob(book, client, { family: "quotations" })).counts.created).toBe(2);

    let region = "A1:K3";
    const services = createServices({
      port: book, relayBase: null, fetch: bridgedFetch,
      selection: async () => ({ sheet: "S", rows: [2], region }),
    });
    await services.connect({ environment: "custom", customRoot: local.service.root, ...local.demo });
    const root = mount(services, "quotations", "en", true);
    choose(root, "#ds-action", "upgrade");
    choose(root, "#ds-upgrade", "billing-notes");
    await clickWhenReady(root, "Run on selected rows");
    await until(() => root.textContent!.includes("1 done, 0 skipped, 0 failed."), "the result line");

    const rows = book.sheet("S").values;
    const col = (name: string) => rows[0].indexOf(name);
    expect(rows[2][col("upgradedTo")]).toBe("billing-notes");
    // The quotation's new status as people say it ("approvedandprocessed" on the service).
    expect(rows[2][col("status")]).toBe("processed");
    expect(rows[1][col("upgradedRecordId")] ?? null).toBeNull();
    const note = await client.documents("billing-notes").get(rows[2][col("upgradedRecordId")] as number);
    expect(note).toMatchObject({ contactName: "Pane Two Co", documentSerial: rows[2][col("upgradedSerial")] });
    expect(note.referencedByMe).toEqual([expect.objectContaining({ referenceId: rows[2][col("recordId")] })]);

    // Run again (the region now takes in the new columns): the row is already upgraded, the result
    // line counts it as skipped.
    region = "A1:N3";
    await clickWhenReady(root, "Run on selected rows");
    await until(() => root.textContent!.includes("0 done, 1 skipped, 0 failed."), "the second result line");
    expect(rows[2][col("upgradedRecordId")]).toBe(note.recordId);
    // The skipped row is listed with its reason; a click selects its Result cell.
    const listed = [...root.querySelectorAll("#actions ul.rows button")];
    expect(listed.map((b) => b.textContent)).toEqual([`Row 3, document u2:already upgraded (record ${note.recordId})`]);
    act(() => (listed[0] as HTMLButtonElement).click());
    await until(() => book.selection?.row === 2, "the row selected");
    expect(book.selection).toEqual({ sheet: "S", row: 2, col: col("result") });
  });

  test("certificates in Thai: status, PDF and delete of the selected certificate, through the one act job", async () => {
    const book = new MemoryWorkbook({ W: [
      ["เลขที่เอกสาร", "ชื่อผู้มีเงินได้", "เลขประจำตัวผู้เสียภาษีอากร", "วันที่จ่าย", "ประเภทเงินได้", "อัตราภาษีร้อยละ", "จำนวนเงินที่จ่าย", "เงื่อนไข"],
      ["w1", "นาย ปัญญา ดี", "3101200456789", "2026-07-01", "ค่าบริการ (ม.40(8))", 3, 1000, "หัก ณ ที่จ่าย"],
      ["w2", "นาง สมใจ ดี", "3509900112237", "2026-07-02", "ค่าเช่า (ม.40(5))", 5, 2000, "หัก ณ ที่จ่าย"],
    ] });
    const client = createClient({ root: local.service.root, ...local.demo, fetch: bridgedFetch });
    expect((await postJob(book, client, { family: "withholding-taxes" })).counts.created).toBe(2);
    const saved: { name: string; bytes: Buffer }[] = [];
    const services = createServices({
      port: book, relayBase: null, fetch: bridgedFetch, selection: async () => ({ sheet: "W", rows: [2], region: "A1:L3" }),
      savePdf: async (name, base64) => (saved.push({ name, bytes: Buffer.from(base64, "base64") }), name),
    });
    await services.connect({ environment: "custom", customRoot: local.service.root, ...local.demo });
    const root = mount(services, "withholding-taxes", "th", true);
    expect(options(root, "#ds-action").map(([k]) => k)).toEqual(["status", "delete", "pdf"]);
    expect(options(root, "#ds-status")).toEqual([["awaiting", "รอดำเนินการ"], ["processed", "ดำเนินการแล้ว"], ["void", "ยกเลิกแล้ว"]]);
    const rows = book.sheet("W").values;
    const col = (name: string) => rows[0].indexOf(name);
    const id = rows[2][col("รหัสเอกสารในระบบ")] as number;
    const run = () => clickWhenReady(root, translator("th")("runAction"));

    choose(root, "#ds-action", "pdf");
    await run();
    await until(() => saved.length === 1 && root.querySelector("#actions .msg.ok") !== null, "the PDF");
    expect(saved[0].name).toBe(`${rows[2][col("เลขที่เอกสารในระบบ")]}.pdf`);
    expect(saved[0].bytes.subarray(0, 5).toString()).toBe("%PDF-");
    // What the PDF says is read back in test/service/export-pdf-http.test.ts and test/cli/wht.test.ts.

    choose(root, "#ds-action", "status");
    choose(root, "#ds-status", "awaiting");
    await run();
    await until(() => rows[2][col("สถานะ")] === "รอดำเนินการ", "the status written back");
    expect((await client.withholdingTaxes.get(id)).statusString).toBe("awaiting");

    choose(root, "#ds-action", "delete");
    await run();
    await until(() => root.querySelector("[role=alertdialog]") !== null, "the confirmation");
    expect(root.querySelector("[role=alertdialog]")!.textContent).toContain(String(rows[2][col("เลขที่เอกสารในระบบ")]));
    act(() => (root.querySelector("[role=alertdialog] button.danger") as HTMLButtonElement).click());
    await until(() => rows[2][col("ผลลัพธ์")] !== undefined && String(rows[2][col("ผลลัพธ์")]).length > 0 && !String(rows[2][col("ผลลัพธ์")]).includes("สถานะ"), "the delete");
    await expect(client.withholdingTaxes.get(id)).rejects.toThrow(/not found/i);
    // The other certificate was not selected: untouched.
    expect((await client.withholdingTaxes.get(rows[1][col("รหัสเอกสารในระบบ")] as number)).statusString).toBe("processed");
  });
});
