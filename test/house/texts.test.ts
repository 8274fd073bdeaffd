// The text tables (src/texts): one per language, every namespace in both, the same keys, and per key
// the same {placeholders} (a count's {n|one|many} is its placeholder n), no text empty. A text
// that drops or misspells a value in one language would show "{n}" or lose the figure there.
import * as en from "../../src/texts/en";
import * as th from "../../src/texts/th";

type Table = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** Every text of a table by its full key: "pane.connect" → "Connect". */
function flat(table: Table): Map<string, string> {
  const out = new Map<string, string>();
  for (const [space, texts] of Object.entries(table)) {
    for (const [key, text] of Object.entries(texts)) out.set(`${space}.${key}`, text);
  }
  return out;
}

/** The placeholders' names, sorted, each once: "{n} {n|row|rows} of {total}" → ["n", "total"]. {a},
 * English's article ("a" or "an" before a label), is grammar Thai does not have: left out. */
const placeholders = (text: string): string[] =>
  [...new Set([...text.matchAll(/\{(\w+)(?:\|[^}]*)?\}/g)].map((m) => m[1]))].filter((name) => name !== "a").sort();

const EN = flat(en as unknown as Table);
const TH = flat(th as unknown as Table);

describe("the text tables", () => {
  it("have the same namespaces and the same keys in English and Thai", () => {
    expect(Object.keys(th).sort()).toEqual(Object.keys(en).sort());
    expect([...TH.keys()].sort()).toEqual([...EN.keys()].sort());
    expect(EN.size).toBeGreaterThan(300);
  });

  it("give each key the same placeholders in both languages", () => {
    const differ = [...EN].filter(([key, text]) => placeholders(text).join() !== placeholders(TH.get(key) ?? "").join())
      .map(([key, text]) => `${key}: en {${placeholders(text).join(", ")}} th {${placeholders(TH.get(key) ?? "").join(", ")}}`);
    expect(differ).toEqual([]);
  });

  it("leave no text empty", () => {
    const empty = [...EN, ...TH].filter(([, text]) => text.trim() === "").map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it("are told apart by their placeholders (the check reads a count's word as its value)", () => {
    expect(placeholders("{n} {n|row|rows} of {total}")).toEqual(["n", "total"]);
    expect(placeholders("{message}. Add {a} {label} column.")).toEqual(["label", "message"]);
    expect(placeholders("ทั้งหมด")).toEqual([]);
  });
});
