// The pane's Insert template and Refresh lists, in jsdom on the in-memory port: the template comes
// in the pane's language; without a connection there are no lookup lists and Refresh lists waits
// for one (test/jobs/template.test.ts covers the lists against the real service).
import { render } from "preact";
import { act } from "preact/test-utils";
import { App } from "../../src/taskpane/app";
import { createServices } from "../../src/taskpane/services";
import { MemoryWorkbook } from "../../src/workbook/memory";
import { LISTS_SHEET } from "../../src/workbook/port";

function mount(memory: MemoryWorkbook, lang: "en" | "th"): HTMLElement {
  const root = document.createElement("div");
  document.body.appendChild(root);
  act(() => render(<App services={createServices({ port: memory, relayBase: null })} lang={lang} storage={null} />, root));
  return root;
}

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await act(async () => { await new Promise((r) => setTimeout(r, 5)); });
}

function button(root: HTMLElement, text: string): HTMLButtonElement {
  const b = [...root.querySelectorAll("button")].find((x) => x.textContent?.trim() === text);
  if (!b) throw new Error(`no button "${text}"`);
  return b;
}

afterEach(() => {
  document.body.innerHTML = "";
});

test("Insert template writes a labelled template in the pane's language; Refresh lists needs a connection", async () => {
  const memory = new MemoryWorkbook();
  const root = mount(memory, "th");
  expect(root.textContent).toContain("เชื่อมต่อก่อน แม่แบบจึงจะมีรายการให้เลือก");
  expect(button(root, "รีเฟรชรายการ").disabled).toBe(true);
  act(() => button(root, "แทรกแม่แบบ").click());
  await settle();
  expect(root.textContent).toContain("เพิ่มแม่แบบในชีต “ใบกำกับภาษี” แล้ว");
  expect(memory.sheet("ใบกำกับภาษี").values[0].slice(0, 2)).toEqual(["รหัสกลุ่มเอกสาร", "ชื่อลูกค้า"]);
  expect(memory.sheets.has(LISTS_SHEET)).toBe(false);

  const select = root.querySelector<HTMLSelectElement>("#ds-lang")!;
  act(() => {
    select.value = "en";
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
  act(() => button(root, "Insert template").click());
  await settle();
  expect(root.textContent).toContain("Template added on sheet “Tax invoice”.");
  expect(memory.sheet("Tax invoice").values[0].slice(0, 2)).toEqual(["Document key", "Customer"]);
  expect(memory.sheet("Tax invoice").table).toBe(true);
});
