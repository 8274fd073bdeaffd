// `docsheet map WORKBOOK.xlsx --family F [--sheet NAME] [--json] [--out MAPPING.json]`: which field each
// header of the user's own sheet most likely is, the columns left unmapped and what the family's
// documents still need; --out saves it as a mapping file. `--mapping MAPPING.json` on check, post
// and act reads one back (mappingArg); on map it is the start: its columns for the headers it names
// and its values for every row kept in what --out writes (as are those of the --out file itself
// when it already holds a mapping of the family), so a round trip loses nothing.
import { promises as fs } from "node:fs";
import { mappingNote } from "../sheet/i18n/mapping-notes";
import {
  MappingError, missingFields, parseMapping, suggestMapping, tableOf, toMapping, withSaved, type ColumnMapping, type ColumnSuggestion,
  type MapFamily, type MissingField,
} from "../sheet/mapping";
import { parseCell } from "../sheet/values";
import type { Lang } from "../sheet/i18n/lang";
import { fillCounted } from "../sheet/i18n/plural";
import { map as en } from "../texts/en/map";
import { map as th } from "../texts/th/map";
import { render } from "../sheet/i18n/render";
import { familyCard } from "../families/cards";
import { label as fieldLabel } from "../sheet/i18n/names";
import { UsageError, langArg, sheetFamilyOf, type Parsed } from "./args";
import { assertSheet, openWorkbook } from "./workbook-file";

export async function mapCommand(p: Parsed): Promise<number> {
  const family = sheetFamilyOf(p);
  const lang = langArg(p.values);
  const say = MAP_WORDS[lang];
  const workbook = await openWorkbook(p.positionals[0]);
  const sheet = p.values.sheet as string | undefined;
  await assertSheet(workbook, sheet);
  const block = await workbook.read({ sheet });
  const out = p.values.out as string | undefined;
  const start = (await mappingArg(p.values, family)) ?? (out !== undefined ? await mappingIn(out, family) : undefined);
  const suggestions = withSaved(suggestMapping(block.values[0] ?? [], family, block.left, block.values.slice(1)), start);
  const values = start?.values ?? {};
  const missing = missingFields(family, [...suggestions.flatMap((s) => (s.field ? [s.field] : [])), ...Object.keys(values)]);
  if (out !== undefined) await fs.writeFile(out, `${JSON.stringify(toMapping(family, suggestions, values), null, 2)}\n`);

  const required = missing.filter((m) => m.need === "required");
  const asked = suggestions.filter((s) => s.field === null && s.candidates);
  if (p.values.json) {
    process.stdout.write(`${JSON.stringify(suggestions, null, 2)}\n`);
    if (asked.length > 0) process.stderr.write(`${askLines(asked, family, lang).join("\n")}\n`);
    if (required.length > 0) process.stderr.write(`${say.requiredMissing}: ${required.map((m) => need(m, family, lang)).join("; ")}\n`);
  } else {
    // Guessed from a header that names no field: check, post and act read them only through a mapping file.
    const named = new Set(Object.keys(start?.columns ?? {}).map((h) => h.trim().toLowerCase()));
    const guessed = new Set(suggestions.filter((s) => s.field && !named.has(s.header.trim().toLowerCase()) && !tableOf(family).forHeader(s.header)).map((s) => s.column));
    process.stdout.write(table(block.sheet, family, suggestions, missing, lang, values, guessed));
  }
  if (out !== undefined) {
    (p.values.json ? process.stderr : process.stdout).write(`${say.wrote(out)}\n`);
  }
  // A header that could mean two fields waits for the user's answer, as a missing one does.
  return required.length > 0 || asked.length > 0 ? 1 : 0;
}

/** The question for each header that could mean several fields. */
function askLines(asked: readonly ColumnSuggestion[], family: MapFamily, lang: Lang): string[] {
  const say = MAP_WORDS[lang];
  return asked.map((s) => say.asked(s.column, s.header, s.candidates!.map((k) => label(k, family, lang)).join(say.or)));
}

/** Reads `--mapping FILE` for this family; any problem with it is a usage error naming the file. */
export async function mappingArg(values: Parsed["values"], family: MapFamily): Promise<ColumnMapping | undefined> {
  const path = values.mapping;
  if (path === undefined) return undefined;
  if (typeof path !== "string" || path === "") throw new UsageError("mappingFile");
  let text: string;
  try {
    text = await readCapped(path, MAX_MAPPING_BYTES);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError("mappingUnreadable", { path, code: (err as NodeJS.ErrnoException).code ?? (err as Error).message });
  }
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (err) {
    throw new UsageError("mappingNotJson", { path, detail: (err as Error).message });
  }
  try {
    return parseMapping(json, family);
  } catch (err) {
    if (err instanceof MappingError) throw new UsageError("mappingProblems", { path, problems: problemsIn(err, langArg(values)) });
    throw err;
  }
}

/** A mapping's problems in `lang`: the first twenty, and how many more. */
function problemsIn(err: MappingError, lang: Lang): string {
  const shown = err.msgs.slice(0, 20).map((m) => render(m, lang)).join("; ");
  const more = err.msgs.length - 20;
  return more <= 0 ? shown : `${shown}; ${MAP_WORDS[lang].more(more)}`;
}

/** A mapping file is at most this big (README.md, "Limits"): a sheet's headers take a few kB. */
export const MAX_MAPPING_BYTES = 1024 * 1024;

/** A file's text, read no further than `limit` bytes (a device or a pipe has no size to check first). */
async function readCapped(path: string, limit: number): Promise<string> {
  const handle = await fs.open(path, "r");
  try {
    const buf = Buffer.alloc(limit + 1);
    let got = 0;
    for (let n = -1; n !== 0 && got <= limit;) {
      n = (await handle.read(buf, got, buf.length - got, null)).bytesRead;
      got += n;
    }
    if (got > limit) throw new UsageError("mappingTooLarge", { path, mb: limit / 1024 / 1024 });
    return buf.toString("utf8", 0, got);
  } finally {
    await handle.close();
  }
}

/** The mapping a file already holds for the family, if it holds one (else --out starts afresh). */
async function mappingIn(path: string, family: MapFamily): Promise<ColumnMapping | undefined> {
  try {
    return parseMapping(JSON.parse((await readCapped(path, MAX_MAPPING_BYTES)).replace(/^\uFEFF/, "")), family);
  } catch {
    return undefined;
  }
}

/** What the table says, in English or Thai (src/texts, namespace map). */
function mapWords(t: typeof en, lang: Lang) {
  const fill = (text: string, vars: Record<string, string | number>): string => fillCounted(text, vars, lang);
  return {
    heading: [t.headingColumn, t.headingHeader, t.headingField], or: t.or, noHeader: (sheet: string) => fill(t.noHeader, { sheet }),
    notMapped: t.notMapped, requiredMissing: t.requiredMissing, allRequired: t.allRequired, usual: t.usual, values: t.values,
    wrote: (out: string) => fill(t.wrote, { out }),
    asked: (column: string, header: string, fields: string) => fill(t.asked, { column, header, fields }),
    guessed: t.guessed, sheet: (sheet: string, kind: string) => fill(t.sheet, { sheet, kind }), more: (more: number) => fill(t.moreProblems, { more }),
  };
}
const MAP_WORDS = { en: mapWords(en, "en"), th: mapWords(th, "th") } as const;

/** "Customer (contactName)", "ชื่อลูกค้า (contactName)". */
function label(key: string, family: MapFamily, lang: Lang): string {
  const def = tableOf(family).byKey.get(key);
  return `${def ? fieldLabel(def, lang) : key} (${key})`;
}

function need(m: MissingField, family: MapFamily, lang: Lang): string {
  const note = m.note && mappingNote(m.note, lang);
  return `${m.fields.map((k) => label(k, family, lang)).join(MAP_WORDS[lang].or)}${note ? `: ${note}` : ""}`;
}

/** A value for every row as reading takes it (yes → TRUE, 7% → 7). */
function shown(key: string, family: MapFamily, value: unknown): string {
  const def = tableOf(family).byKey.get(key);
  const parsed = def && (typeof value === "string" || typeof value === "number" || typeof value === "boolean") ? parseCell(def, value) : undefined;
  const v = parsed?.ok ? parsed.value : value;
  return typeof v === "boolean" ? (v ? "TRUE" : "FALSE") : String(v);
}

/** Width on a terminal: Thai vowel and tone marks take no column of their own. */
function width(text: string): number {
  return [...text.replace(/\p{M}/gu, "")].length;
}

function table(
  sheet: string, family: MapFamily, suggestions: readonly ColumnSuggestion[], missing: readonly MissingField[], lang: Lang,
  values: Readonly<Record<string, unknown>>, guessed: ReadonlySet<string>,
): string {
  const say = MAP_WORDS[lang];
  if (suggestions.length === 0) return `${say.noHeader(sheet)}\n`;
  const rows = [[...say.heading], ...suggestions.map((s) => [s.column, s.header, s.field ? `${label(s.field, family, lang)}${guessed.has(s.column) ? " *" : ""}` : s.candidates ? "?" : "-"])];
  const pads = [0, 1].map((i) => Math.max(...rows.map((r) => width(r[i]))) + 2);
  const pad = (text: string, n: number): string => text + " ".repeat(Math.max(0, n - width(text)));
  // Thai names the family in Thai too (ใบเสนอราคา (quotations)): the word FAMILY takes stays beside it.
  const kind = lang === "th" ? `${familyCard(family).label.th} (${family})` : family;
  const lines = [say.sheet(sheet, kind), ...rows.map((r) => `  ${pad(r[0], pads[0])}${pad(r[1], pads[1])}${r[2]}`)];
  const unmapped = suggestions.filter((s) => !s.field && !s.candidates);
  if (unmapped.length > 0) lines.push(`${say.notMapped}: ${unmapped.map((s) => `${s.column} "${s.header}"`).join(", ")}`);
  const stated = Object.entries(values);
  if (stated.length > 0) lines.push(`${say.values}: ${stated.map(([k, v]) => `${label(k, family, lang)} = ${shown(k, family, v)}`).join("; ")}`);
  if (guessed.size > 0) lines.push(say.guessed);
  lines.push(...askLines(suggestions.filter((s) => !s.field && s.candidates), family, lang));
  const required = missing.filter((m) => m.need === "required");
  const usual = missing.filter((m) => m.need === "recommended");
  lines.push(required.length > 0 ? `${say.requiredMissing}: ${required.map((m) => need(m, family, lang)).join("; ")}` : say.allRequired);
  if (usual.length > 0) lines.push(`${say.usual}: ${usual.map((m) => need(m, family, lang)).join("; ")}`);
  return `${lines.join("\n")}\n`;
}
