// The preview's "Open .xlsx" on files the reader refuses: the refusal reads in the pane's language
// (issue 36: a Thai pane said "เปิดไฟล์ไม่ได้: sheet "Sales" … the file is damaged").
import { render } from "preact";
import { act } from "preact/test-utils";
import { translator } from "../../src/taskpane/i18n";
import { PreviewWorkbook } from "../../src/taskpane/preview/workbook";
import { Grid } from "../../src/taskpane/preview/grid";
import { MemoryWorkbook } from "../../src/workbook/memory";
import { HOSTILE } from "../helpers/hostile-xlsx";

// The reader decodes parts with TextDecoder, which browsers have and jsdom does not.
Object.assign(globalThis, { TextDecoder: require("node:util").TextDecoder });

/** The grid's alert after opening `data` as an .xlsx in a pane of `lang`. */
async function opened(data: Buffer, lang: "en" | "th"): Promise<string> {
  const root = document.createElement("div");
  document.body.appendChild(root);
  const book = new PreviewWorkbook(new MemoryWorkbook({ Sheet1: [["a"]] }));
  act(() => render(<Grid workbook={book} t={translator(lang)} lang={lang} />, root));
  const input = root.querySelector<HTMLInputElement>('input[type="file"]')!;
  // jsdom's File has no arrayBuffer(): a file of the browser's shape, as far as the grid reads it.
  const file = { name: "hostile.xlsx", arrayBuffer: async () => new Uint8Array(data).buffer };
  Object.defineProperty(input, "files", { value: [file], configurable: true });
  act(() => void input.dispatchEvent(new Event("change", { bubbles: true })));
  // The read is the file's arrayBuffer() and the reader: a few turns of the event loop.
  for (let i = 0; i < 100 && !root.querySelector('[role="alert"]'); i++) {
    await act(async () => { await new Promise((r) => setTimeout(r, 10)); });
  }
  const text = root.querySelector('[role="alert"]')?.textContent ?? "";
  render(null, root);
  root.remove();
  return text;
}

const REFUSED = ["a cell naming shared string 5 of 1", "merged areas that overlap", "a DOCTYPE with entities (billion laughs)", "a cell beyond column XFD"];

describe("Open .xlsx refusals", () => {
  test.each(REFUSED)("%s: in Thai in a Thai pane, in English in an English one", async (name) => {
    const hostile = HOSTILE[name];
    const data = hostile.file();
    const th = await opened(data, "th");
    expect(th).toMatch(/^เปิดไฟล์ไม่ได้: /);
    expect(th).toMatch(hostile.th!);
    expect(th).not.toMatch(/cannot read|not well-formed|damaged|beyond|more than|names shared|overlap/);
    const en = await opened(data, "en");
    expect(en).toMatch(/^Could not open the file: /);
    expect(en).toMatch(hostile.answer);
  });
});
