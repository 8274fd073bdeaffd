// The text tables (src/texts): one per language, every namespace in both, the same keys, and per key
// the same {placeholders} (a count's {n|one|many} is its placeholder n), no text empty. A text
// that drops or misspells a value in one language would show "{n}" or lose the figure there.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import * as ts from "typescript";
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

// Every text DocSheet shows is in the tables: a Thai letter in code outside src/texts (comments
// aside) is a shown text kept inline, unless the file is one of the few that hold words DocSheet
// reads (input vocabulary, each with its reason) or the service's own stored words (src/service).
// The Thai block is the check: an English text inline has a Thai twin inline too, or none at all.
const READ_WORDS: Readonly<Record<string, string>> = {
  "src/sheet/field-words.ts": "header words and fixed-value words a document field is read by, beyond its name",
  "src/sheet/synonyms.ts": "header words suggested for a field when a sheet is mapped",
  "src/sheet/wht-mapping.ts": "header words suggested for a certificate sheet's fields",
  "src/sheet/thai-names.ts": "titles, provinces and address words a name or address is split by",
  "src/sheet/tax-id.ts": "head-office and branch words a branch cell is read by",
  "src/sheet/values.ts": "yes/no words a boolean cell is read by",
  "src/sheet/content.ts": "yes/no, rate and currency words a column's cells are told apart by",
  "src/sheet/mapping.ts": "currency and unit words dropped from a header",
  "src/rules/money.ts": "the baht sign an amount may carry",
  "src/sheet/rd-prep.ts": "juristic titles split off a payee's name, form names a layout file may use",
  "src/families/contacts-sheet.ts": "the header words and contact-type words the contacts' sheet reads, beyond its names",
  "src/families/products-sheet.ts": "the header words and type and VAT words the products' sheet reads, beyond its names",
  "src/families/journal-sheet.ts": "the header words and voucher-type words the vouchers' sheet reads, beyond its names",
  "src/rules/certificate-forms.ts": "income-type words and section marks (ม., มาตรา, ก, ข) a typed income type is read by",
  "src/functions/arg-words.ts": "the words the worksheet functions' choice arguments take",
  "src/families/document-own.ts": "each family's own document-number header words",
  "src/families/books.ts": "the words people name the book families by",
  "src/families/certificates.ts": "the words people name certificates by",
  "src/sheet/i18n/status.ts": "the service's own void word, read as a status",
  "src/sheet/books/builders.ts": "the branch names the service stores (สำนักงานใหญ่, สาขา 00001)",
};

/** The Thai letters of a source's code, by file, comments left out (the parser drops them). */
function thaiInCode(root: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const entry of readdirSync(join(root, "src"), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const file = relative(root, join(entry.parentPath, entry.name));
    if (/^src\/(texts|service)\//.test(file)) continue;
    const source = ts.createSourceFile(file, readFileSync(join(root, file), "utf8"), ts.ScriptTarget.Latest, false,
      file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    let count = 0;
    // The leaves are the words of the code: names, strings, templates, regular expressions, JSX text.
    const visit = (node: ts.Node): void => {
      let leaf = true;
      ts.forEachChild(node, (child) => { leaf = false; visit(child); });
      if (leaf) count += node.getText(source).match(/[\u0E00-\u0E7F]/g)?.length ?? 0;
    };
    visit(source);
    if (count > 0) out.set(file, count);
  }
  return out;
}

describe("texts outside the tables", () => {
  const found = thaiInCode(resolve(__dirname, "..", ".."));

  it("are only words DocSheet reads, in the files named for them", () => {
    const inline = [...found.keys()].filter((file) => !(file in READ_WORDS));
    expect(inline).toEqual([]);
  });

  it("are named only while they are there (a file cleared leaves the list)", () => {
    expect(Object.keys(READ_WORDS).filter((file) => !found.has(file))).toEqual([]);
  });

  it("are found in code and not in comments", () => {
    const dir = mkdtempSync(join(tmpdir(), "texts-"));
    mkdirSync(join(dir, "src"));
    writeFileSync(join(dir, "src", "a.ts"), '// ใบกำกับ\n/** ภาษี */\nconst a = 1;\n');
    writeFileSync(join(dir, "src", "b.tsx"), 'const b = <p title={`x ${1} ไทย`}>ไทย</p>;\n');
    writeFileSync(join(dir, "src", "c.ts"), 'const c = { สด: 1, d: /สด/ };\n');
    try {
      expect(new Map(thaiInCode(dir))).toEqual(new Map([["src/b.tsx", 6], ["src/c.ts", 4]]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
