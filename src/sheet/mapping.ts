// Column mapping: which field each header of the user's own sheet is. One implementation for the
// pane's mapping editor and the CLI (`docsheet map`, `--mapping`):
//   suggestMapping   headers → a field (or null) per column, from keys, labels and synonyms
//   missingFields    what the family's documents need that no column gives yet
//   parseMapping     a mapping file checked (fields exist, none twice, the right family, each value
//                    read as a cell of its field)
//   toMapping        suggestions (and values for every row) → the mapping to save
// The books (journal vouchers, contacts, products) map by the same functions, from their own fields
// (books/fields.ts): labels, then synonyms; a header that could mean two fields of the book (an
// "Amount" column of a journal: debit or credit?) is not suggested but asked: its candidates are
// given and its field stays empty until the user says.
// Reading applies a mapping through mapHeaders/readDocuments (headers.ts, read.ts). Pure.
import { bare, type Message } from "../rules/message";
import { FAMILY_INFO, isFamily, type Family } from "../rules/codes";
import { FAMILY_CARDS, findCard } from "../families/cards";
import { familySheet, type OwnFields } from "../families/sheets";
import { columnLetters } from "../workbook/address";
import { CONTENT_SAMPLE, fieldByContent } from "./content";
import { DOCUMENT_FIELDS, FIELDS, normalizeName, type FieldDef, type FieldTable } from "./fields";
import { headerText } from "./headers";
import type { ColumnMapping, StatedValue } from "./column-mapping";
import { sheetMsg } from "./messages";
import { SIDE_SYNONYMS, SYNONYMS, familySynonyms } from "./synonyms";
import { isEmptyCell, parseCell } from "./values";
import type { CellValue } from "../workbook/port";
import { notes } from "../texts/en/notes";

export type { ColumnMapping, MapFamily, StatedValue } from "./column-mapping";
import type { MapFamily } from "./column-mapping";

/** The fields a family's sheet is read by. */
export function tableOf(family: MapFamily | undefined): FieldTable {
  return family === undefined ? DOCUMENT_FIELDS : familySheet(family).fields;
}

/** A family whose sheet has fields of its own (a book, the certificates): its entry says them. */
const ownFields = (family: MapFamily): OwnFields | undefined => familySheet(family).ownFields;

/** The document family whose sheet this is, where the sheet has no fields of its own: only the
 * document families read their sheets by the documents' fields. */
function documentOf(family: MapFamily): Family {
  if (!isFamily(family)) throw new Error(`${family}'s sheet has fields of its own`);
  return family;
}

const OWN_KEYS = new Map<MapFamily, ReadonlySet<string>>();
/** The keys of a family's own fields (undefined where it uses the documents'). */
function ownKeys(family: MapFamily): ReadonlySet<string> | undefined {
  const own = ownFields(family);
  if (!own) return undefined;
  let keys = OWN_KEYS.get(family);
  if (!keys) OWN_KEYS.set(family, (keys = new Set(own.fields.map((d) => d.key))));
  return keys;
}

/** Every field a family's sheet may have a column for. */
export function fieldsOf(family: MapFamily): readonly FieldDef[] {
  return ownFields(family)?.fields ?? FIELDS.filter((d) => fieldApplies(d, family));
}

const isMapFamily = (v: unknown): v is MapFamily => findCard(v) !== undefined;

export interface ColumnSuggestion {
  /** Column letters as Excel shows them ("A"). */
  column: string;
  header: string;
  field: string | null;
  /** A header that could name any of these fields (a book's "Amount": debit or credit): asked, not
   * guessed, so `field` is null until the user says. */
  candidates?: string[];
}

/** A need of the family's documents that no column meets: any one of `fields` would. */
export interface MissingField {
  fields: string[];
  /** required: every document fails check without it; recommended: usually wanted (see note). */
  need: "required" | "recommended";
  note?: string;
}

/** A mapping that cannot be used; `problems` lists every one found. */
export class MappingError extends Error {
  /** Each problem in English, as `msgs` says it. */
  readonly problems: string[];
  constructor(readonly msgs: Message[]) {
    // A file of thousands of bad columns says the first few and how many more, not a page each.
    const problems = msgs.map((m) => m.text);
    super(problems.length > 20 ? `${problems.slice(0, 20).join("; ")}; and ${problems.length - 20} more problems` : problems.join("; "));
    this.problems = problems;
    this.name = "MappingError";
  }
}

// ---------------------------------------------------------------------------------------------
// Which fields a family's sheet can use

const EXPENSE_ONLY = new Set([
  "expenseCategoryView", "item.systemCode", "item.categoryId", "item.creditId", "item.debitId", "item.withHeldPerItem", "item.withHeldPerItemValue",
]);
const PARTIAL_ONLY = new Set(["item.documentId", "item.documentType", "item.partialAmount"]);

/** Whether a document of the family can use the field (payment columns on families that take a
 * payment, source columns on families made by upgrades, expense lines on expenses). */
export function fieldApplies(def: FieldDef, family: MapFamily): boolean {
  const own = ownKeys(family);
  if (own) return own.has(def.key);
  const info = FAMILY_INFO[documentOf(family)];
  if (EXPENSE_ONLY.has(def.key)) return familySheet(family).expenseCategories;
  if (PARTIAL_ONLY.has(def.key)) return info.partialReceipt;
  if (def.key === "item.sellChartOfAccountCode") return info.side === "sell";
  if (def.key === "item.buyChartOfAccountCode") return info.side !== "sell";
  if (def.level === "payment") return info.withPayment || info.upgradeWithPayment;
  if (def.level === "source") return info.upgrade;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Suggestions

/** Currency after a header ("Unit price (THB)", "ราคา (บาท)", "Amount ฿"): dropped, and it says the column is money. */
const MONEY_UNIT = /[([]\s*(?:thb|baht|บาท|฿|\$|usd|eur|€)\s*[)\]]|\s(?:thb|baht)\s*$|\s*฿\s*/giu;
/** Count units and date formats after a header ("Qty (pcs)", "Date (dd/mm/yyyy)"): dropped. */
const OTHER_UNIT = /[([]\s*(?:pcs|pc|units?|ea|ชิ้น|อัน|[dmyวดป]{1,4}(?:\s*[/.-]\s*[dmyวดป]{1,4}){2})\s*[)\]]/giu;
const MONEY_KINDS = new Set<FieldDef["kind"]>(["money", "quantity"]);

/**
 * The form headers are compared in for suggestions: case, spaces and punctuation ignored, a unit
 * dropped, camelCase split, "number" / "num" / "#" read as "no" ("Invoice No." = "invoice_no" =
 * "INVOICE NUMBER" = "Invoice #"); "%" is kept ("Discount %" is not "Discount").
 */
export function looseName(header: string): { name: string; money: boolean } {
  const text = header.normalize("NFC");
  const noMoney = text.replace(MONEY_UNIT, " ");
  const name = noMoney.replace(OTHER_UNIT, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .replace(/#/g, " no ")
    // Letters, digits and marks (Thai vowels and tone marks are marks) and %; the rest separates words.
    .replace(/[^\p{L}\p{N}\p{M}%]+/gu, " ")
    .replace(/\b(?:number|num|nbr|no)\b/g, "no")
    .replace(/\s+/g, "");
  return { name, money: noMoney !== text };
}

/** How sure a suggestion is (lower is surer): a key or wire name, a label, a family word, a side word, a synonym. */
const RANK = { name: 0, label: 1, family: 2, side: 3, synonym: 4 } as const;

interface Hit {
  def: FieldDef;
  rank: number;
}

const INDEX = new Map<MapFamily, Map<string, Hit>>();

/** Loose name → field for one family: labels, then family, side and general synonyms; the first claim wins. */
function familyIndex(family: MapFamily): Map<string, Hit> {
  const cached = INDEX.get(family);
  if (cached) return cached;
  const index = new Map<string, Hit>();
  const table = tableOf(family);
  const add = (key: string, words: readonly string[], rank: number): void => {
    const def = table.byKey.get(key);
    if (!def || !fieldApplies(def, family)) return;
    for (const w of words) {
      const { name } = looseName(w);
      if (name && !index.has(name)) index.set(name, { def, rank });
    }
  };
  const own = ownFields(family);
  if (own) {
    for (const [key, words] of Object.entries(own.labels ?? {})) add(key, words, RANK.label);
    for (const d of own.fields) add(d.key, [...d.en, ...d.th], RANK.label);
    for (const [key, words] of Object.entries(own.synonyms)) add(key, words, RANK.synonym);
    INDEX.set(family, index);
    return index;
  }
  const document = documentOf(family);
  for (const d of FIELDS) add(d.key, [...d.en, ...d.th], RANK.label);
  for (const [key, words] of familySynonyms(document)) add(key, words, RANK.family);
  for (const [key, words] of Object.entries(SIDE_SYNONYMS[FAMILY_INFO[document].side])) add(key, words, RANK.side);
  for (const [key, words] of Object.entries(SYNONYMS)) add(key, words, RANK.synonym);
  INDEX.set(family, index);
  return index;
}

function suggestHit(header: string, family: MapFamily): Hit | undefined {
  const exact = tableOf(family).forName(header);
  if (exact) return { def: exact, rank: RANK.name };
  const { name, money } = looseName(header);
  if (!name) return undefined;
  const index = familyIndex(family);
  const hit = index.get(name);
  if (!hit || !money || MONEY_KINDS.has(hit.def.kind)) return hit;
  // "VAT (THB)" is the VAT amount, not the yes/no VAT column.
  for (const other of [`${name}amount`, `จำนวน${name}`, `ยอด${name}`]) {
    const amount = index.get(other);
    if (amount && MONEY_KINDS.has(amount.def.kind)) return amount;
  }
  return hit;
}

/** The field a header most likely is on a sheet of this family, if any. */
export function suggestField(header: string, family: MapFamily): FieldDef | undefined {
  return suggestHit(header, family)?.def;
}

/**
 * A field (or null) for every non-empty header cell; `left` is the sheet column of cells[0]. A field
 * goes to one column only: the surest match wins, then the leftmost. With `rows` (the data rows
 * below, from the same column), a header that could name several fields is decided by its
 * column's cells (content.ts), a little less sure than a header that names its field alone.
 */
export function suggestMapping(cells: readonly CellValue[], family: MapFamily, left = 0, rows?: readonly (readonly CellValue[])[]): ColumnSuggestion[] {
  const headers = cells.map((v, i) => ({ col: left + i, index: i, header: headerText(v) })).filter((h) => h.header !== "");
  const hits = headers.map((h) => suggestHit(h.header, family));
  const own = ownFields(family);
  if (own) return ownSuggestions(headers, hits, family, own);
  if (rows) {
    const sample = rows.slice(0, CONTENT_SAMPLE);
    const columnCells = (i: number): CellValue[] => sample.map((r) => r[i] ?? null);
    const cellsOf = (key: string): CellValue[] | undefined => {
      const at = headers.find((_, i) => hits[i]?.def.key === key);
      return at && columnCells(at.index);
    };
    const context = { keys: cellsOf("documentKey"), cellsOf };
    hits.forEach((hit, i) => {
      if (!hit || hit.rank === RANK.name) return;
      const def = fieldByContent(hit.def, columnCells(headers[i].index), context);
      if (def !== hit.def && fieldApplies(def, family)) hits[i] = { def, rank: hit.rank + 0.5 };
    });
  }
  const order = headers.map((_, i) => i).sort((a, b) => (hits[a]?.rank ?? Infinity) - (hits[b]?.rank ?? Infinity) || a - b);
  const fields: (string | null)[] = headers.map(() => null);
  const taken = new Set<string>();
  for (const i of order) {
    const def = hits[i]?.def;
    if (!def || taken.has(def.key)) continue;
    taken.add(def.key);
    fields[i] = def.key;
  }
  return headers.map((h, i) => ({ column: columnLetters(h.col), header: h.header, field: fields[i] }));
}

const ASK = new Map<MapFamily, Map<string, readonly string[]>>();

/** A family's asked words, by their loose names. */
function askIndex(family: MapFamily, own: OwnFields): Map<string, readonly string[]> {
  let index = ASK.get(family);
  if (!index) {
    index = new Map();
    for (const [words, fields] of own.ask) for (const w of words) index.set(looseName(w).name, fields);
    ASK.set(family, index);
  }
  return index;
}

/** A book's or the certificates' suggestions: the surest match first, a field to one column; a
 * header of the family's asked words (its ownFields' ask) that names no field by its label gets its
 * candidates instead. */
function ownSuggestions(
  headers: ReadonlyArray<{ col: number; header: string }>, hits: ReadonlyArray<Hit | undefined>, family: MapFamily, own: OwnFields,
): ColumnSuggestion[] {
  const ask = askIndex(family, own);
  const asked = headers.map((h, i) => (hits[i] && hits[i]!.rank <= RANK.label ? undefined : ask.get(looseName(h.header).name)));
  const order = headers.map((_, i) => i).sort((a, b) => (hits[a]?.rank ?? Infinity) - (hits[b]?.rank ?? Infinity) || a - b);
  const fields: (string | null)[] = headers.map(() => null);
  const taken = new Set<string>();
  for (const i of order) {
    const def = hits[i]?.def;
    if (!def || asked[i] || taken.has(def.key)) continue;
    taken.add(def.key);
    fields[i] = def.key;
  }
  return headers.map((h, i) => {
    const s: ColumnSuggestion = { column: columnLetters(h.col), header: h.header, field: fields[i] };
    return asked[i] ? { ...s, candidates: [...asked[i]!] } : s;
  });
}

/** Suggestions with a saved mapping laid over them: the saved field for each header it names, the
 * suggested one for the others unless the saved mapping gives that field to another column (a field
 * goes to one column). */
export function withSaved(suggestions: readonly ColumnSuggestion[], saved: ColumnMapping | null | undefined): ColumnSuggestion[] {
  if (!saved) return [...suggestions];
  const savedField = new Map(Object.entries(saved.columns).map(([header, field]) => [normalizeName(header), field]));
  const fromSaved = suggestions.map((s) => savedField.get(normalizeName(s.header)));
  const taken = new Set(fromSaved.filter((f): f is string => typeof f === "string"));
  return suggestions.map((s, i) => {
    const field = fromSaved[i];
    if (field !== undefined) {
      const { candidates: _asked, ...answered } = s;
      return { ...answered, field };
    }
    return s.field !== null && taken.has(s.field) ? { ...s, field: null } : s;
  });
}

/** The mapping to save from suggestions (edited or not): unmatched headers are kept as null, so the
 * file lists every column and reading it ignores them without a warning. */
export function toMapping(
  family: MapFamily, suggestions: readonly Pick<ColumnSuggestion, "header" | "field">[], values?: Readonly<Record<string, StatedValue>>,
): ColumnMapping {
  // Every header text is a key, "__proto__" and "toString" included: no prototype to shadow them.
  const columns = Object.create(null) as Record<string, string | null>;
  for (const s of suggestions) if (!Object.hasOwn(columns, s.header) || columns[s.header] === null) columns[s.header] = s.field;
  return values && Object.keys(values).length > 0 ? { family, columns, values: { ...values } } : { family, columns };
}

// ---------------------------------------------------------------------------------------------
// What a family's documents need (rules/checks: contact, lines, expense lines; sheet/body.ts: the
// operation a receipt takes)

const CONTACT = ["contactName", "contactId"];

/** The notes a missing field can carry besides the column hints (English; Thai in
 * sheet/i18n/mapping-notes.ts). */
export const MAPPING_NOTES = notes;

/** The needs of the family that none of `mapped` (field keys of columns, and of values for every
 * row) meets. */
export function missingFields(family: MapFamily, mapped: Iterable<string>): MissingField[] {
  const have = new Set(mapped);
  const own = ownFields(family);
  if (own) return own.needs.filter((n) => !n.fields.some((f) => have.has(f))).map((n) => ({ ...n, fields: [...n.fields] }));
  const info = FAMILY_INFO[documentOf(family)];
  const needs: MissingField[] = [];
  const need = (fields: string[], level: MissingField["need"] = "required", note?: string): void => {
    if (!fields.some((f) => have.has(f))) needs.push(note ? { fields, need: level, note } : { fields, need: level });
  };
  const partial = info.partialReceipt && (have.has("item.documentId") || have.has("item.partialAmount"));
  if (partial) {
    // A partial receipt pays tax invoices: each line names one and the amount paid now.
    need(["item.documentId"]);
    need(["item.partialAmount"]);
    return needs;
  }
  if (!info.simple) {
    // Receipts are made from the document they are for (an upgrade).
    need(["source.recordId"]);
    need(["source.referenceDocumentSerial"]);
  }
  need(CONTACT);
  need(["item.quantity"]);
  need(["item.pricePerUnit"]);
  if (familySheet(family).expenseCategories) {
    need(["item.description"]);
    // A category gives its line's accounts and system code (read from the service's categories).
    need(["item.creditId", "item.categoryId"]);
    need(["item.debitId", "item.categoryId"]);
    // The business view (the default without an expenseCategoryView column) also needs these.
    const view = have.has("expenseCategoryView");
    need(["item.systemCode", "item.categoryId"], view ? "recommended" : "required", view ? MAPPING_NOTES.businessView : undefined);
    need(["item.categoryId"], view ? "recommended" : "required", view ? MAPPING_NOTES.businessView : undefined);
  }
  need(["item.name"], "recommended");
  // Never assumed (vat-treatment.ts): a VAT column is the one users most often leave out.
  need(["isVat", "item.vatRate", "vatAmount"], "required", MAPPING_NOTES.vat);
  need(["isVatInclusive"], "recommended", MAPPING_NOTES.vatInclusive);
  need(["publishedOn"], "recommended", MAPPING_NOTES.today);
  need(["documentKey"], "recommended", MAPPING_NOTES.oneLine);
  return needs;
}

// ---------------------------------------------------------------------------------------------
// Mapping files

const SHAPE = `{"family": "FAMILY", "columns": {"<header>": "<field>" or null}, "values": {"<field>": <value for every row>}}`;

/** Levels a value for every row may be given for: the document's own fields, its payment, its lines. */
const STATED_LEVELS: ReadonlySet<FieldDef["level"]> = new Set(["document", "payment", "item"]);

/** What is wrong with a value for every row of the field, as a cell of it would be read (English,
 * translatable); null when it reads. */
export function statedValueProblem(key: string, value: StatedValue, family?: MapFamily): Message | null {
  const def = tableOf(family).byKey.get(key);
  if (!def) return null;
  if (isEmptyCell(value)) return null;
  const parsed = parseCell(def, value);
  return parsed.ok ? null : parsed.msg;
}

/** Whether a field may take one value for every row on a family's sheet. */
export function canStateValue(def: FieldDef, family: MapFamily): boolean {
  return STATED_LEVELS.has(def.level) && fieldApplies(def, family);
}

/**
 * Checks a mapping (parsed JSON) and returns it typed. Every problem is listed: not the shape above,
 * an unknown family or one other than `family`, a field that does not exist, a field named twice,
 * a header given twice (case and spaces ignored).
 */
export function parseMapping(value: unknown, family?: MapFamily): ColumnMapping {
  if (!isObject(value)) throw new MappingError([sheetMsg("mapShape", { shape: SHAPE })]);
  const problems: Message[] = [];
  for (const k of Object.keys(value)) if (k !== "family" && k !== "columns" && k !== "values") problems.push(sheetMsg("mapUnknownKey", { key: k, shape: SHAPE }));
  const given = value.family;
  if (!isMapFamily(given)) {
    problems.push(given === undefined ? sheetMsg("mapFamilyMissing", { shape: SHAPE })
      : sheetMsg("mapFamilyUnknown", { given: JSON.stringify(given), families: FAMILY_CARDS.map((e) => e.name).join(", ") }));
  } else if (family !== undefined && given !== family) {
    problems.push(sheetMsg("mapOtherFamily", { given, expected: family }));
  }
  const columns = value.columns;
  if (!isObject(columns)) {
    problems.push(sheetMsg("mapColumnsShape", { shape: SHAPE }));
    throw new MappingError(problems);
  }
  const known = isMapFamily(given) ? given : family;
  const table = tableOf(known);
  const headerOf = new Map<string, string>();
  const columnOf = new Map<string, string>();
  for (const [header, key] of Object.entries(columns)) {
    if (header.trim() === "") problems.push(sheetMsg("mapHeaderEmpty"));
    const same = headerOf.get(normalizeName(header));
    if (same !== undefined) problems.push(sheetMsg("mapHeaderTwice", { header, same }));
    headerOf.set(normalizeName(header), header);
    if (key === null) continue;
    if (typeof key !== "string") {
      problems.push(sheetMsg("mapFieldNotText", { header }));
      continue;
    }
    if (!table.byKey.has(key)) {
      const meant = meantField(key, known);
      problems.push(meant ? sheetMsg("mapUnknownFieldMeant", { header, key, meant }) : sheetMsg("mapUnknownField", { header, key }));
      continue;
    }
    const earlier = columnOf.get(key);
    if (earlier !== undefined) problems.push(sheetMsg("mapFieldTwice", { key, earlier, header }));
    else columnOf.set(key, header);
  }
  const values = parseValues(value.values, known, problems);
  if (problems.length > 0) throw new MappingError(problems);
  const mapping: ColumnMapping = { family: given as MapFamily, columns: columns as Record<string, string | null> };
  if (values) mapping.values = values;
  return mapping;
}

/** The "values" of a mapping: each a known field that can take one value for every row, and a
 * value its cells could hold (read as such a cell). undefined when the mapping has none. */
function parseValues(raw: unknown, family: MapFamily | undefined, problems: Message[]): Record<string, StatedValue> | undefined {
  if (raw === undefined) return undefined;
  if (!isObject(raw)) {
    problems.push(sheetMsg("mapValuesShape", { shape: SHAPE }));
    return undefined;
  }
  const out: Record<string, StatedValue> = {};
  for (const [key, v] of Object.entries(raw)) {
    const def = tableOf(family).byKey.get(key);
    if (!def) {
      const meant = meantField(key, family);
      problems.push(meant ? sheetMsg("mapValueUnknownMeant", { key, meant }) : sheetMsg("mapValueUnknown", { key }));
      continue;
    }
    if (!STATED_LEVELS.has(def.level) || (family && !fieldApplies(def, family))) {
      problems.push(family ? sheetMsg("mapValueNotStatedOn", { key, sheetFamily: family }) : sheetMsg("mapValueNotStated", { key }));
      continue;
    }
    if (typeof v !== "string" && typeof v !== "number" && typeof v !== "boolean") {
      problems.push(sheetMsg("mapValueNotCell", { key, json: JSON.stringify(v) }));
      continue;
    }
    if (isEmptyCell(v)) {
      problems.push(sheetMsg("mapValueEmpty", { key }));
      continue;
    }
    const parsed = parseCell(def, v);
    if (!parsed.ok) {
      problems.push(sheetMsg("mapValueBad", { key, json: JSON.stringify(v), reason: bare(parsed.msg) }));
      continue;
    }
    out[key] = v;
  }
  return out;
}

/** The field a mistyped key most likely meant. */
function meantField(text: string, family: MapFamily | undefined): string | undefined {
  return (tableOf(family).forHeader(text) ?? (family ? suggestField(text, family) : undefined))?.key;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
