// The pane's Insert template and Refresh lists in jsdom on the in-memory port: the template comes
// in the pane's language; without a connection it has no lookup lists and Refresh lists waits for
// one; connected to the real local service, the company's lists come with it and a refresh reads
// them again.
import { App } from "../../src/taskpane/app";
import { createServices } from "../../src/taskpane/services";
import { templateKeys } from "../../src/sheet/template";
import { MemoryWorkbook } from "../../src/workbook/memory";
import { LISTS_SHEET } from "../../src/workbook/port";
import { act } from "preact/test-utils";
import { bridgedFetch, buttonNamed, choose, click, localService, mountPane, options, typeInto, until } from "./support";

jest.setTimeout(120_000);

afterEach(() => {
  document.body.innerHTML = "";
});

test("Insert template writes a labelled template in the pane's language; Refresh lists needs a connection", async () => {
  const memory = new MemoryWorkbook();
  const root = mountPane(<App services={createServices({ port: memory, relayBase: null })} lang="th" storage={null} />);
  expect(root.textContent).toContain("เชื่อมต่อก่อน แม่แบบจึงจะมีรายการให้เลือก");
  expect(buttonNamed(root, "รีเฟรชรายการ").disabled).toBe(true);
  click(root, "แทรกแม่แบบ");
  await until(() => root.textContent!.includes("เพิ่มแม่แบบในชีต “ใบกำกับภาษี” แล้ว"), "the Thai template");
  expect(memory.sheet("ใบกำกับภาษี").values[0].slice(0, 2)).toEqual(["เลขที่เอกสาร", "ชื่อลูกค้า"]);
  expect(memory.sheets.has(LISTS_SHEET)).toBe(false);

  choose(root, "#ds-lang", "en");
  click(root, "Insert template");
  await until(() => root.textContent!.includes("Template added on sheet “Tax invoice”."), "the English template");
  expect(memory.sheet("Tax invoice").values[0].slice(0, 2)).toEqual(["Document key", "Customer"]);
  expect(memory.sheet("Tax invoice").table).toBe(true);
});

describe("connected", () => {
  const local = localService();

  test("after Test connection the template gets the company's lists, and Refresh lists reads them again", async () => {
    const memory = new MemoryWorkbook();
    const root = mountPane(<App services={createServices({ port: memory, relayBase: null, fetch: bridgedFetch })} lang="en" storage={null} />);
    choose(root, "#ds-env", "custom");
    typeInto(root, "#ds-root", local.service.root);
    typeInto(root, "#ds-client-id", local.demo.clientId);
    typeInto(root, "#ds-secret", local.demo.clientSecret);
    act(() => {
      root.querySelector("form")!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    });
    await until(() => root.textContent!.includes("Connected to Demo Co., Ltd."), "the connection");
    expect(root.textContent).toContain("The template gets drop-down lists of your contacts");

    choose(root, "#ds-family", "cash-invoices");
    click(root, "Insert template");
    await until(() => root.textContent!.includes("Drop-down lists: 3 contacts, 2 products, 5 payment channels, 4 expense categories."), "the lists");
    const sheet = "Cash invoice";
    const customer = templateKeys("cash-invoices").indexOf("contactName");
    expect(memory.dropDown(sheet, customer)).toEqual(["Acme Trading Co., Ltd.", "Supply Partner Co., Ltd.", "Walk-in customer"]);

    await memory.writeHiddenSheet(LISTS_SHEET, [["Contacts", "Contacts id"]]);
    expect(memory.dropDown(sheet, customer)).toEqual([]);
    click(root, "Refresh lists");
    await until(() => (memory.dropDown(sheet, customer) ?? []).length === 3, "the refreshed lists");
    expect(memory.sheet(LISTS_SHEET).hidden).toBe(true);

    // The books are in the same selector: a journal voucher template checks clean and posts as a
    // draft when asked; a contact sheet posted twice creates nothing the second time.
    expect(options(root, "#ds-family").map(([value]) => value)).toEqual(expect.arrayContaining(["journal-entries", "contacts", "products"]));
    choose(root, "#ds-family", "journal-entries");
    click(root, "Insert template");
    await until(() => root.textContent!.includes("Template added on sheet “Journal voucher”."), "the journal template");
    memory.active = "Journal voucher";
    click(root, "Check rows");
    await until(() => root.textContent!.includes("1 journal voucher checked: no problems found."), "the journal check");
    act(() => (root.querySelector("#ds-draft") as HTMLInputElement).click());
    click(root, "Post journal vouchers");
    await until(() => root.querySelector("#post .msg.ok")?.textContent === "1 created", "the journal post");
    const header = memory.sheet("Journal voucher").values[0];
    expect(memory.sheet("Journal voucher").values[1][header.indexOf("Status")]).toBe("Draft");

    choose(root, "#ds-family", "contacts");
    click(root, "Insert template");
    await until(() => root.textContent!.includes("Template added on sheet “Contact”."), "the contact template");
    memory.active = "Contact";
    click(root, "Post contacts");
    await until(() => root.querySelector("#post .msg.ok")?.textContent === "1 created", "the contact post");
    click(root, "Post contacts");
    await until(() => root.querySelector("#post .msg.info")?.textContent === "0 created, 1 already posted", "the second contact post");
    const contactHeader = memory.sheet("Contact").values[0];

    // Undo of the contact post: what it would do first, then the contact the post created is deleted.
    click(root, "Undo this post");
    await until(() => root.textContent!.includes("1 to delete"), "the undo preview");
    click(root, "Undo now");
    await until(() => root.textContent!.includes("Undone: 1 deleted."), "the undo");
    expect(memory.sheet("Contact").values[1][contactHeader.indexOf("Record id")]).toBeNull();
    expect(memory.sheet("Contact").values[1][contactHeader.indexOf("Result")]).toBe("Undone: C-EX-1 deleted");
  });
});
