// Results people can act on (jsdom, the real pane services against the real local service): Post
// and Actions list every row they did not do with its reason, and a click selects the row's Result
// cell; a Post cancelled half-way says what it created and the sheet tells the truth for every row;
// the payment form offers the company's own channels for the method and pays with them; a delete
// runs only on the documents the prompt named.
import { createClient, type DocSheetClient } from "../../src/api/client";
import { postJob } from "../../src/jobs/post";
import type { Family } from "../../src/rules/codes";
import { translator } from "../../src/taskpane/i18n";
import { formatMoney } from "../../src/taskpane/money";
import { ActionsSection } from "../../src/taskpane/sections/actions";
import { PostSection } from "../../src/taskpane/sections/post";
import { createServices } from "../../src/taskpane/services";
import { type PaneServices, type SelectionInfo } from "../../src/taskpane/views";
import { MemoryWorkbook } from "../../src/workbook/memory";
import type { CellValue } from "../../src/workbook/port";
import { LIST_PAGE } from "../../src/taskpane/sections/paged-list";
import { bridgedFetch, choose, click, clickWhenReady, localService, mountPane, options, typeInto, until } from "./support";

jest.setTimeout(180_000);

const local = localService();
const t = translator("en");
const HEADER = ["documentKey", "contactName", "publishedOn", "isVat", "item.name", "item.quantity", "item.pricePerUnit"];

function client(): DocSheetClient {
  return createClient({ root: local.service.root, ...local.demo, fetch: bridgedFetch });
}

async function connected(book: MemoryWorkbook, selection?: () => Promise<SelectionInfo | null>, fetch: typeof globalThis.fetch = bridgedFetch): Promise<PaneServices> {
  const services = createServices({ port: book, relayBase: null, fetch, selection });
  await services.connect({ environment: "custom", customRoot: local.service.root, ...local.demo });
  return services;
}

function postPane(services: PaneServices, family: Family = "tax-invoices"): HTMLElement {
  return mountPane(<PostSection t={t} lang="en" services={services} family={family} connected />);
}

function actionsPane(services: PaneServices, family: Family = "tax-invoices"): HTMLElement {
  return mountPane(<ActionsSection t={t} lang="en" services={services} family={family} connected />);
}

const resultLine = (root: HTMLElement, section: string) => root.querySelector(`#${section} .msg.ok, #${section} .msg.error, #${section} .msg.info:not(:empty)`)?.textContent ?? "";
const listed = (root: HTMLElement) => [...root.querySelectorAll("ul.rows button")].map((b) => b.textContent ?? "");
/** The column of a header the jobs wrote (the wire name, or its label). */
const column = (book: MemoryWorkbook, sheet: string, key: string, label: string) =>
  book.sheet(sheet).values[0].findIndex((h) => h === key || h === label);

afterEach(() => {
  document.body.innerHTML = "";
});

/** A fetch that lets the first `free` requests that `held` picks through and holds the rest
 * until release(): the service's answers are the test's to give. */
function heldAfter(free: number, held: (url: string, init?: RequestInit) => boolean): { fetch: typeof fetch; release: () => void; holding: () => number } {
  let passed = 0;
  let holding = 0;
  let open: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (open = resolve));
  const gated: typeof fetch = async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (held(url, init) && ++passed > free) {
      holding++;
      await released;
    }
    return bridgedFetch(input, init);
  };
  return { fetch: gated, release: () => open(), holding: () => holding };
}

describe("Post", () => {
  test("lists every document it did not create with the reason; a click selects the row's Result cell", async () => {
    const book = new MemoryWorkbook({ S: [
      [...HEADER, "recordId"],
      ["P1", "Listed Co", "2026-03-02", true, "Pen", 2, 100, null],
      ["P2", "Listed Co", "2026-03-02", true, "Ink", "abc", 50, null],
      ["P3", "Listed Co", "2026-03-02", true, "Paper", 1, 80, 4242],
    ] });
    const root = postPane(await connected(book));
    click(root, "Post documents");
    await until(() => resultLine(root, "post").includes("created"), "the post");
    // P1 names no buyer's address (s.86/4): sent, and its warning counted in the summary.
    expect(resultLine(root, "post")).toBe("1 created, 1 already posted, 1 not sent, warnings marked on the sheet: 1");
    const result = column(book, "S", "result", "Result");
    const s = book.sheet("S").values;
    expect(listed(root)).toEqual([`Row 3, document P2:${s[2][result]}`, `Row 4, document P3:already posted`]);
    expect(String(s[2][result])).toMatch(/^not sent: F3: /);
    const first = root.querySelector("ul.rows button") as HTMLButtonElement;
    first.click();
    await until(() => book.selection !== null, "the selection");
    expect(book.selection).toEqual({ sheet: "S", row: 2, col: result });
  });

  test("counts a thousand and more with thousands separators, in English and in Thai", async () => {
    // 1,000 documents without a quantity: none is sent, each is counted.
    const rows: CellValue[][] = Array.from({ length: 1000 }, (_, i) => [`T${i}`, "Count Co", "2026-03-03", true, "Pen", null, 10]);
    const english = postPane(await connected(new MemoryWorkbook({ S: [HEADER, ...rows] })));
    click(english, "Post documents");
    await until(() => resultLine(english, "post").includes("created"), "the post");
    expect(resultLine(english, "post")).toBe("0 created, 1,000 not sent");
    document.body.innerHTML = "";
    const thai = mountPane(<PostSection t={translator("th")} lang="th" services={await connected(new MemoryWorkbook({ S: [HEADER, ...rows] }))} family="tax-invoices" connected />);
    click(thai, translator("th")("runPost", { records: "เอกสาร" }));
    await until(() => resultLine(thai, "post").includes("สร้าง"), "the Thai post");
    expect(resultLine(thai, "post")).toBe("สร้าง 0 รายการ, ไม่ได้ส่ง 1,000");
  });

  test("cancelled half-way: the summary says what was created, and every row says what happened to it", async () => {
    const n = 60;
    const rows: CellValue[][] = Array.from({ length: n }, (_, i) => [`C${i}`, `Cancel Co ${i}`, "2026-03-03", true, "Pen", 1, 100 + i]);
    const book = new MemoryWorkbook({ S: [HEADER, ...rows] });
    // The service answers the first few creates and holds the others until Cancel is clicked, so
    // the test cancels half-way however fast the machine posts.
    const gate = heldAfter(4, (url, init) => init?.method === "POST" && /\/tax-invoices(\/inline)?$/.test(url));
    const root = postPane(await connected(book, undefined, gate.fetch));
    click(root, "Post documents");
    await until(() => /Posting ([3-9]|\d\d+) of 60/.test(root.textContent ?? ""), "a few documents posted");
    click(root, "Cancel");
    expect(gate.holding()).toBeGreaterThan(0);
    gate.release();
    await until(() => resultLine(root, "post").startsWith("Cancelled:"), "the cancelled summary");
    const m = /^Cancelled: (\d+) created, (\d+) not sent, warnings marked on the sheet: \d+$/.exec(resultLine(root, "post"));
    expect(m).not.toBeNull();
    const [created, notSent] = [Number(m![1]), Number(m![2])];
    expect(created).toBeGreaterThanOrEqual(3);
    expect(notSent).toBeGreaterThan(0);
    expect(created + notSent).toBe(n);

    // The sheet tells the truth for every row: a record id that the service has, or "not sent".
    const s = book.sheet("S").values;
    const [id, result] = [column(book, "S", "recordId", "Record id"), column(book, "S", "result", "Result")];
    const ids = new Set<number>();
    for (let r = 1; r <= n; r++) {
      if (s[r][id] !== null && s[r][id] !== undefined) {
        ids.add(s[r][id] as number);
        expect(s[r][result]).toBe("created");
      } else {
        expect(String(s[r][result])).toBe("not sent: cancelled");
      }
    }
    expect(ids.size).toBe(created);
    const onService = [];
    for await (const page of client().documents("tax-invoices").listAll({ searchString: "Cancel Co" })) onService.push(...page.list);
    expect(new Set(onService.map((d) => d.recordId))).toEqual(ids);
    // The rows not sent are listed, each with its reason, a page at a time.
    expect(listed(root)).toHaveLength(Math.min(notSent, LIST_PAGE));
    if (notSent > LIST_PAGE) expect(root.querySelector("#post ul.rows + .pager [role=status]")?.textContent).toBe(`1–${LIST_PAGE} of ${notSent}`);
    expect(listed(root).every((text) => text.endsWith("not sent: cancelled"))).toBe(true);
  });
});

describe("Record payment", () => {
  test("the method's channel pickers hold the company's own channels, sell and buy", async () => {
    const services = await connected(new MemoryWorkbook());
    const sell = actionsPane(services, "tax-invoices");
    choose(sell, "#ds-action", "payment");
    expect(options(sell, "#ds-pay-method")).toEqual([
      ["1", "Cash"], ["3", "Cheque"], ["5", "Bank transfer"], ["7", "Credit card"], ["11", "Petty cash"], ["13", "Other channel"],
    ]);
    // No posted document selected: the form says so, with no error.
    await until(() => (sell.querySelector("#ds-pay-due")?.textContent ?? "").startsWith(t("payDueNone")), "the amount line");
    expect(sell.querySelector("#actions .msg.error")).toBeNull();
    // Cash: no channel to choose.
    expect(sell.querySelector("select[id^=ds-pay-]:not(#ds-pay-method):not(#ds-pay-wht-rate):not(#ds-pay-deduction-type)")).toBeNull();
    choose(sell, "#ds-pay-method", "5");
    await until(() => options(sell, "#ds-pay-bank").length > 1, "the bank accounts");
    expect(options(sell, "#ds-pay-bank")[1]).toEqual([expect.stringMatching(/^\d+$/), "Bangkok Bank 123-4-56789-0 (Demo Co., Ltd.)"]);
    choose(sell, "#ds-pay-method", "3");
    expect(sell.querySelector("#ds-pay-cheque-date")).not.toBeNull();
    expect(sell.querySelector("label[for=ds-pay-bank]")?.textContent).toBe("Bank account");
    choose(sell, "#ds-pay-method", "13");
    expect(options(sell, "#ds-pay-other").map(([, text]) => text)).toEqual(["Choose…", "PromptPay QR"]);

    document.body.innerHTML = "";
    const buy = actionsPane(services, "purchases");
    choose(buy, "#ds-action", "payment");
    await until(() => !buy.textContent!.includes(t("chanLoading")), "the channels");
    const pickers = () => [...buy.querySelectorAll("select[id^=ds-pay-]")].map((x) => x.id).filter((x) => x !== "ds-pay-method" && x !== "ds-pay-wht-rate");
    choose(buy, "#ds-pay-method", "3");
    expect(pickers()).toEqual(["ds-pay-cheque", "ds-pay-bank"]);
    expect(options(buy, "#ds-pay-cheque")[1][1]).toBe("Cheque - Bangkok Bank");
    choose(buy, "#ds-pay-method", "7");
    expect(pickers()).toEqual(["ds-pay-creditCard", "ds-pay-bank"]);
    expect(options(buy, "#ds-pay-creditCard")[1][1]).toBe("Company Visa XXXX-XXXX-XXXX-4242");
    choose(buy, "#ds-pay-method", "11");
    expect(pickers()).toEqual(["ds-pay-pettyCash"]);
    // Buy documents take no deduction at payment; a bank fee only with a cheque or a transfer.
    expect(buy.querySelector("#ds-pay-deduction-type")).toBeNull();
    expect(buy.querySelector("#ds-pay-charge")).toBeNull();
    choose(buy, "#ds-pay-method", "5");
    expect(buy.querySelector("label[for=ds-pay-charge]")?.textContent).toBe("Bank fee (cheque or transfer)");
  });

  test("pays with the chosen channel, date and amount; a failure is listed with its reason", async () => {
    const book = new MemoryWorkbook({ S: [HEADER, ["Y1", "Pay Co", "2026-03-04", true, "Pen", 10, 100], ["Y2", "Pay Two Co", "2026-03-04", true, "Ink", 1, 50]] });
    expect((await postJob(book, client(), { family: "tax-invoices" })).counts.created).toBe(2);
    let rows = [1];
    const services = await connected(book, async () => ({ sheet: "S", rows, region: undefined }));
    const root = actionsPane(services);
    choose(root, "#ds-action", "payment");
    choose(root, "#ds-pay-method", "5");
    await until(() => options(root, "#ds-pay-bank").length > 1, "the bank accounts");
    const bank = Number(options(root, "#ds-pay-bank")[1][0]);
    choose(root, "#ds-pay-bank", String(bank));
    typeInto(root, "#ds-pay-date", "2026-03-10");
    typeInto(root, "#ds-pay-amount", "abc");
    await clickWhenReady(root, "Run on selected rows");
    await until(() => root.querySelector("#actions .body > p.msg.error:not([id])")?.textContent === t("payAmountBad"), "the refusal");
    typeInto(root, "#ds-pay-amount", "1,070.00");
    await clickWhenReady(root, "Run on selected rows");
    await until(() => resultLine(root, "actions") === "1 done, 0 skipped, 0 failed.", "the payment");
    const id = column(book, "S", "recordId", "Record id");
    const paid = await client().documents("tax-invoices").get(book.sheet("S").values[1][id] as number);
    expect(paid.payments).toMatchObject({ paymentMethod: 5, bankAccountId: bank, collected: 1070, paymentDate: "2026-03-10" });

    // Both rows: the first is paid already, the second is paid in full. The selection changed since
    // the form showed it (no selection events here): Run asks first, naming what it now holds.
    rows = [1, 2];
    typeInto(root, "#ds-pay-amount", "");
    await clickWhenReady(root, "Run on selected rows");
    await until(() => root.querySelector("[role=alertdialog]") !== null, "the question");
    const serials = [1, 2].map((r) => String(book.sheet("S").values[r][column(book, "S", "documentSerial", "Document serial")]));
    expect(root.querySelector("[role=alertdialog]")!.textContent).toContain(t("selectionMoved", { n: 2, serials: serials.join(", ") }));
    click(root, "Run on them");
    await until(() => resultLine(root, "actions") === "1 done, 0 skipped, 1 failed.", "the second payment");
    const result = column(book, "S", "result", "Result");
    expect(listed(root)).toEqual([`Row 2, document Y1:${book.sheet("S").values[1][result]}`]);
    expect(listed(root)[0]).toMatch(/already paid/);
    const second = await client().documents("tax-invoices").get(book.sheet("S").values[2][id] as number);
    expect(second.payments).toMatchObject({ paymentMethod: 5, collected: second.grandTotal });
  });
});

describe("Record payment with withholding tax", () => {
  test("a rate gives the tax withheld and the amount collected of the selected document; parts that do not settle it are said at the field, in English and Thai", async () => {
    // 10 × 1,000 with 7 % VAT: 10,700.00 due, 10,000.00 before VAT; 3 % withheld is 300.00.
    const book = new MemoryWorkbook({ S: [HEADER, ["H1", "Withheld Co", "2026-03-04", true, "Consulting", 10, 1000]] });
    expect((await postJob(book, client(), { family: "tax-invoices" })).counts.created).toBe(1);
    const services = await connected(book, async () => ({ sheet: "S", rows: [1], region: undefined }));
    const id = book.sheet("S").values[1][column(book, "S", "recordId", "Record id")] as number;
    const serial = (await client().documents("tax-invoices").get(id)).documentSerial;
    const root = actionsPane(services);
    choose(root, "#ds-action", "payment");
    const due = () => root.querySelector("#ds-pay-due")?.textContent ?? "";
    await until(() => due().startsWith(`${serial} · Withheld Co:`), "the selected document's amount");
    expect(due()).toContain(`${serial} · Withheld Co: amount due 10,700.00 (10,000.00 before VAT).`);
    expect(options(root, "#ds-pay-wht-rate").map(([v]) => v)).toEqual(["", "0.5", "0.75", "1", "1.5", "2", "3", "5", "10", "15", "-1"]);
    choose(root, "#ds-pay-wht-rate", "3");
    const input = (id: string) => root.querySelector<HTMLInputElement>(`#${id}`)!;
    expect(input("ds-pay-wht-amount").placeholder).toBe("300.00");
    expect(input("ds-pay-amount").placeholder).toBe("10,400.00");
    expect(root.querySelector("#ds-pay-settles")?.textContent).toBe("Tax withheld 300.00; amount collected 10,400.00.");

    // The full amount typed as collected forgets the tax withheld: said at the amount field, and nothing is sent.
    typeInto(root, "#ds-pay-amount", "10,700");
    const atField = "The amount collected 10,700.00, the tax withheld 300.00 and the deductions 0.00 come to 11,000.00, not the amount due 10,700.00";
    expect(root.querySelector("#ds-pay-amount-msg")?.textContent).toBe(atField);
    expect(input("ds-pay-amount").getAttribute("aria-invalid")).toBe("true");
    expect(input("ds-pay-amount").getAttribute("aria-describedby")).toBe("ds-pay-amount-msg");
    await clickWhenReady(root, "Run on selected rows");
    await until(() => resultLine(root, "actions") === atField, "the refusal");
    // A withheld amount that is not the rate's is said at its own field.
    typeInto(root, "#ds-pay-wht-amount", "310");
    expect(root.querySelector("#ds-pay-wht-amount-msg")?.textContent).toMatch(/^Withheld amount is 310\.00 but 3% of 10,000\.00 before VAT gives 300\.00/);
    typeInto(root, "#ds-pay-wht-amount", "");

    // The same form in Thai.
    const th = translator("th");
    const thai = mountPane(<ActionsSection t={th} lang="th" services={services} family="tax-invoices" connected />);
    choose(thai, "#ds-action", "payment");
    await until(() => (thai.querySelector("#ds-pay-due")?.textContent ?? "").startsWith(`${serial} · Withheld Co: ยอดที่ต้องชำระ 10,700.00`), "the amount, in Thai");
    choose(thai, "#ds-pay-wht-rate", "3");
    typeInto(thai, "#ds-pay-amount", "10700");
    expect(thai.querySelector("#ds-pay-amount-msg")?.textContent).toBe("ยอดรับชำระ 10,700.00 ภาษีที่ถูกหัก ณ ที่จ่าย 300.00 และยอดหัก 0.00 รวมเป็น 11,000.00 ไม่เท่ากับยอดที่ต้องชำระ 10,700.00");
    expect(thai.querySelector("#ds-pay-settles")).toBeNull();
    thai.remove();
    expect((await client().documents("tax-invoices").get(id)).statusString).toBe("awaiting");

    // Left blank, the amount collected is what settles the document: paid with the tax withheld.
    typeInto(root, "#ds-pay-amount", "");
    expect(root.querySelector("#ds-pay-amount-msg")).toBeNull();
    await clickWhenReady(root, "Run on selected rows");
    await until(() => resultLine(root, "actions") === "1 done, 0 skipped, 0 failed.", "the payment");
    const paid = await client().documents("tax-invoices").get(id);
    expect(paid).toMatchObject({ statusString: "paid", payments: expect.objectContaining({ collected: 10400, withheldPercentage: 3, withheldAmount: 300 }) });
  });
});

describe("Delete", () => {
  test("deletes only the documents the prompt named: a selection changed since is refused", async () => {
    const book = new MemoryWorkbook({ S: [HEADER, ["D1", "Del Co", "2026-03-05", true, "Pen", 1, 100], ["D2", "Del Two Co", "2026-03-05", true, "Ink", 1, 50]] });
    expect((await postJob(book, client(), { family: "quotations" })).counts.created).toBe(2);
    let rows = [1];
    const services = await connected(book, async () => ({ sheet: "S", rows, region: undefined }));
    const named = await services.selectedDocuments("quotations");
    expect(named.map((d) => d.serial)).toEqual([expect.stringMatching(/^QT/)]);
    rows = [1, 2]; // the user selected more after the prompt showed
    await expect(services.act!("quotations", { kind: "delete", expect: named.map((d) => d.recordId) }, {})).rejects.toThrow(/changed/);
    const quotes = client().documents("quotations");
    expect((await quotes.get(named[0].recordId)).recordId).toBe(named[0].recordId);
    rows = [1];
    const done = await services.act!("quotations", { kind: "delete", expect: named.map((d) => d.recordId) }, {});
    expect(done).toMatchObject({ ok: 1, failed: 0 });
    await expect(quotes.get(named[0].recordId)).rejects.toThrow();
  });
});

describe("money", () => {
  test("two decimals and thousands separators in the pane's language", () => {
    expect(formatMoney("1190", "en")).toBe("1,190.00");
    expect(formatMoney("70.7", "th")).toBe("70.70");
    expect(formatMoney(1234567.891, "th")).toBe("1,234,567.89");
    expect(formatMoney("", "en")).toBe("");
    expect(formatMoney("n/a", "en")).toBe("n/a");
  });
});
