// Argument parsing of the `docsheet` command with Node's util.parseArgs. One table per command
// gives the parser its options and `docsheet COMMAND --help` its text (by key, in English and Thai:
// src/texts, namespace help), so the help can never name an option the parser refuses or miss one
// it takes. A UsageError (exit 2) for anything it does not understand. Kept light: `docsheet
// --help` loads this file and nothing of the jobs.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { ACT_ORDER, FAMILY_CARDS, findCard } from "../families/cards";
import type { SheetFamily } from "../rules/codes";
import { LIST_COLUMNS, columnNamed, type FilterTerm, type SortTerm } from "../rules/list-order";
import { parseMonth, typedDate } from "../jobs/month";
import { isLang, type Lang } from "../sheet/i18n/lang";
import { USAGE_HINT, helpText, usageText, type HelpKey, type UsageKey, type UsageParam } from "./usage-words";

/** What the command cannot run as asked, by key (usage-words.ts): printed in the run's language,
 * exit 2. `message` is its English. */
export class UsageError extends Error {
  constructor(readonly key: UsageKey, readonly params: Readonly<Record<string, UsageParam>> = {}) {
    super(usageText(key, params, "en"));
    this.name = "UsageError";
  }
}

/** Node's parser's refusal, in our words: an unknown option, one without its value, a switch given one. */
function parserRefusal(err: Error & { code?: string }): UsageError {
  const option = /'(-[^' ]+)/.exec(err.message)?.[1];
  if (option && err.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") return new UsageError("unknownOption", { option });
  if (option && err.code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
    return new UsageError(/does not take an argument/.test(err.message) ? "optionTakesNoValue" : "optionNeedsValue", { option });
  }
  return new UsageError("badArguments", { detail: err.message });
}

export interface OptionDoc {
  /** The option's name without "--". */
  name: string;
  /** The value's placeholder; none for a switch. */
  value?: string;
  required?: boolean;
  /** Given more than once, every value is kept. */
  multiple?: boolean;
  /** What it does, by key (src/texts, namespace help). */
  help: HelpKey;
}

export interface CommandDoc {
  /** What the command takes before its options: "WORKBOOK.xlsx", "FAMILY" or nothing. */
  positional?: string;
  /** Its summary by key (namespace help): the command's own name. */
  summary: HelpKey;
  options: OptionDoc[];
  /** Lines printed after the options, by key. */
  notes?: HelpKey[];
}

const FAMILY: OptionDoc = { name: "family", value: "FAMILY", required: true, help: "family" };
const SHEET: OptionDoc = { name: "sheet", value: "NAME", help: "sheet" };
const MAPPING: OptionDoc = { name: "mapping", value: "MAPPING.json", help: "mapping" };
const CONNECTION: OptionDoc[] = [
  { name: "base-url", value: "URL", required: true, help: "baseUrl" },
  { name: "client-id", value: "ID", required: true, help: "clientId" },
  { name: "client-secret", value: "SECRET", required: true, help: "clientSecret" },
];
const concurrency = (help: HelpKey): OptionDoc => ({ name: "concurrency", value: "N", help });
const LANG: OptionDoc = { name: "lang", value: "en|th", help: "lang" };
const CULTURE: OptionDoc = { name: "culture", value: "th|en", help: "culture" };
const IN_PLACE: OptionDoc = { name: "in-place", help: "inPlaceResults" };

export const COMMANDS: Record<string, CommandDoc> = {
  serve: {
    summary: "serve",
    options: [
      { name: "port", value: "8787", help: "serve_port" },
      { name: "data-dir", value: "DIR", help: "serve_dataDir" },
      { name: "database-url", value: "postgres://...", help: "serve_databaseUrl" },
      { name: "public-url", value: "URL", help: "serve_publicUrl" },
      { name: "token-ttl", value: "SECONDS", help: "serve_tokenTtl" },
    ],
  },
  template: {
    positional: "FAMILY",
    summary: "template",
    options: [
      { ...FAMILY, required: false, help: "familyOption" },
      { name: "out", value: "WORKBOOK.xlsx", required: true, help: "outNew" },
      { ...LANG, help: "template_lang" },
      ...CONNECTION.map((o) => ({ ...o, required: false })),
    ],
    notes: ["template_note"],
  },
  check: {
    positional: "WORKBOOK.xlsx",
    summary: "check",
    options: [FAMILY, SHEET, MAPPING, { name: "json", help: "check_json" }, LANG],
    notes: ["check_note"],
  },
  map: {
    positional: "WORKBOOK.xlsx",
    summary: "map",
    options: [
      FAMILY, SHEET,
      { ...MAPPING, help: "map_mapping" },
      { name: "json", help: "map_json" },
      { name: "out", value: "MAPPING.json", help: "map_out" },
      LANG,
    ],
    notes: ["map_noteExit", "map_noteValues"],
  },
  post: {
    positional: "WORKBOOK.xlsx",
    summary: "post",
    options: [
      FAMILY, SHEET, MAPPING, ...CONNECTION,
      { name: "out", value: "OUT.xlsx", help: "post_out" },
      IN_PLACE,
      { name: "draft", help: "post_draft" },
      concurrency("post_concurrency"), LANG,
    ],
    notes: ["post_note"],
  },
  pull: {
    positional: "FAMILY",
    summary: "pull",
    options: [
      { ...FAMILY, required: false, help: "familyOption" },
      ...CONNECTION,
      { name: "out", value: "OUT.xlsx", required: true, help: "outNew" },
      { name: "range", value: "N", help: "pull_range" },
      { name: "start-date", value: "YYYY-MM-DD", help: "pull_startDate" },
      { name: "end-date", value: "YYYY-MM-DD", help: "pull_endDate" },
      { name: "search", value: "TEXT", help: "pull_search" },
      { name: "sort", value: "COLUMN[:asc|desc]", multiple: true, help: "pull_sort" },
      { name: "filter", value: "COLUMN=TEXT", multiple: true, help: "pull_filter" },
      { name: "lines", help: "pull_lines" },
      concurrency("pagesRead"), LANG,
    ],
  },
  refresh: {
    positional: "WORKBOOK.xlsx",
    summary: "refresh",
    options: [
      ...CONNECTION, SHEET,
      { name: "rows", value: "2,5-9", help: "refresh_rows" },
      { name: "out", value: "OUT.xlsx", help: "refresh_out" },
      concurrency("pagesRead"), LANG,
    ],
    notes: ["refresh_noteEdited", "refresh_noteExit"],
  },
  calc: {
    positional: "WORKBOOK.xlsx",
    summary: "calc",
    options: [
      ...CONNECTION,
      { name: "out", value: "OUT.xlsx", help: "calc_out" },
      IN_PLACE,
      LANG,
    ],
    notes: ["calc_noteArgs", "calc_noteTables", "calc_noteExit"],
  },
  report: {
    positional: "vat|wht",
    summary: "report",
    options: [
      { name: "month", value: "YYYY-MM", required: true, help: "report_month" },
      ...CONNECTION,
      { name: "out", value: "REPORT.xlsx", required: true, help: "report_out" },
      { name: "rd-prep", value: "DIR", help: "report_rdPrep" },
      { name: "rd-layout", value: "FILE", help: "report_rdLayout" },
      { name: "missing", help: "report_missing" },
      concurrency("pagesRead"),
      { ...LANG, help: "report_lang" },
    ],
    notes: ["report_note"],
  },
  act: {
    positional: "WORKBOOK.xlsx",
    summary: "act",
    options: [
      FAMILY,
      { name: "action", value: "ACTION", required: true, help: "act_action" },
      ...CONNECTION, SHEET, MAPPING,
      { name: "rows", value: "2,5-9", help: "rowsOnly" },
      { name: "status", value: "WORD", help: "act_status" },
      { name: "payment-method", value: "N", help: "act_paymentMethod" },
      { name: "payment-date", value: "YYYY-MM-DD", help: "act_paymentDate" },
      { name: "collected", value: "AMOUNT", help: "act_collected" },
      { name: "withheld-percentage", value: "RATE", help: "act_withheldPercentage" },
      { name: "withheld-amount", value: "AMOUNT", help: "act_withheldAmount" },
      { name: "deduction-type", value: "N", help: "act_deductionType" },
      { name: "deduction-amount", value: "AMOUNT", help: "act_deductionAmount" },
      { name: "payment-charge", value: "AMOUNT", help: "act_paymentCharge" },
      { name: "remaining-collected", value: "AMOUNT", help: "act_remainingCollected" },
      { name: "remaining-type", value: "N", help: "act_remainingType" },
      { name: "to", value: "FAMILY|EMAIL", help: "act_to" },
      { name: "from", value: "EMAIL", help: "act_from" },
      { name: "subject", value: "TEXT", help: "act_subject" },
      { name: "message", value: "TEXT", help: "act_message" },
      { name: "pdf-dir", value: "DIR", help: "act_pdfDir" },
      CULTURE,
      { name: "file", value: "PATH", help: "act_file" },
      { name: "out", value: "OUT.xlsx", help: "act_out" },
      { ...IN_PLACE, help: "inPlaceOutcomes" },
      concurrency("act_concurrency"), LANG,
    ],
    notes: ["act_note"],
  },
  undo: {
    positional: "WORKBOOK.xlsx",
    summary: "undo",
    options: [
      FAMILY, ...CONNECTION, MAPPING,
      { name: "dry-run", help: "undo_dryRun" },
      { name: "out", value: "OUT.xlsx", help: "undo_out" },
      { ...IN_PLACE, help: "undo_inPlace" },
      concurrency("undo_concurrency"), LANG,
    ],
    notes: ["undo_noteDeleted", "undo_noteLeft", "undo_noteExit"],
  },
  update: {
    positional: "WORKBOOK.xlsx",
    summary: "update",
    options: [
      FAMILY, ...CONNECTION, SHEET, MAPPING,
      { name: "rows", value: "2,5-9", help: "rowsOnly" },
      { name: "dry-run", help: "update_dryRun" },
      { name: "out", value: "OUT.xlsx", help: "update_out" },
      { ...IN_PLACE, help: "inPlaceOutcomes" },
      concurrency("update_concurrency"), LANG,
    ],
    notes: ["update_noteConflict", "update_noteAwaiting"],
  },
};

const WIDTH = 100;

/** "docsheet post WORKBOOK.xlsx --family FAMILY [--sheet NAME] ...", wrapped at WIDTH with an indent. */
export function synopsis(command: string, prefix = "docsheet"): string {
  const doc = COMMANDS[command];
  const head = [prefix, command, ...(doc.positional ? [doc.positional] : [])].join(" ");
  const words = doc.options.map((o) => {
    const text = `--${o.name}${o.value ? ` ${o.value}` : ""}`;
    return o.required ? text : `[${text}]`;
  });
  const indent = " ".repeat(head.length + 1);
  const lines = [head];
  for (const w of words) {
    const last = lines.length - 1;
    if (lines[last].length + 1 + w.length > WIDTH && lines[last] !== head) lines.push(`${indent}${w}`);
    else lines[last] += ` ${w}`;
  }
  return lines.join("\n");
}

/** The families whose cards offer fewer acts than all, grouped by what they lack ("quotations,
 * billing-notes no payment; ...; contacts, products none"), in `lang`. */
function fewerActs(lang: Lang): string {
  const groups = new Map<string, { key: HelpKey; acts: string; names: string[] }>();
  for (const card of FAMILY_CARDS) {
    const missing = ACT_ORDER.filter((k) => !card.acts.includes(k));
    if (missing.length === 0) continue;
    const [key, acts]: [HelpKey, string] = card.acts.length === 0 ? ["acts_none", ""]
      : missing.length <= 2 ? ["acts_lacking", missing.join(helpText("acts_or", lang))] : ["acts_only", card.acts.join("|")];
    const group = groups.get(`${key} ${acts}`) ?? { key, acts, names: [] };
    group.names.push(card.name);
    groups.set(`${key} ${acts}`, group);
  }
  return [...groups.values()].map((g) => helpText(g.key, lang, { families: g.names.join(", "), acts: g.acts })).join("; ");
}

/** Every family, each taking every command that takes a FAMILY. */
// From the cards: --help loads no entry (the entries bring the jobs' parts, zod and decimal.js).
const ALL_FAMILIES = FAMILY_CARDS.map((e) => e.name).join(", ");

/** The families whose cards offer no act (`docsheet act` refuses them), and those offering a few
 * acts only (more than the document families' payment or upgrade missing). */
const NO_ACTS = FAMILY_CARDS.filter((e) => e.acts.length === 0).map((e) => e.name).join(", ");
const FEW_ACTS = FAMILY_CARDS.filter((e) => e.acts.length > 0 && ACT_ORDER.length - e.acts.length > 2);

const footer = (lang: Lang): string =>
  `FAMILY: ${ALL_FAMILIES} (${[helpText("noAct", lang, { families: NO_ACTS }), ...FEW_ACTS.map((e) => helpText("fewActs", lang, { families: e.name, acts: e.acts.join("|") }))].join("; ")})
${helpText("exitCodes", lang)}`;

/** `docsheet --help` in `lang`: every command's synopsis. */
export function generalUsage(lang: Lang): string {
  const hint = USAGE_HINT[lang];
  return `${hint.usage}
${Object.keys(COMMANDS).map((c) => synopsis(c).replace(/^/gm, "  ")).join("\n")}

${footer(lang)}
${hint.help("COMMAND")}`;
}

/** The values some help texts name, from the lists they name. */
const helpParams = (lang: Lang): Record<string, string> => ({
  sortColumns: LIST_COLUMNS.documents.sort.join(", "),
  filterColumns: Object.keys(LIST_COLUMNS.documents.filter).join(", "),
  acts: fewerActs(lang),
});

/** `docsheet COMMAND --help` in `lang`: the synopsis, then every option with what it does. */
export function commandHelp(command: string, lang: Lang): string {
  const doc = COMMANDS[command];
  const params = helpParams(lang);
  const said = (key: HelpKey): string => helpText(key, lang, params);
  const names = doc.options.map((o) => `--${o.name}${o.value ? ` ${o.value}` : ""}`);
  const pad = Math.max(...names.map((n) => n.length)) + 2;
  const lines = doc.options.map((o, i) => `  ${names[i].padEnd(pad)}${said(o.help)}${o.required ? ` ${said("required")}` : ""}`);
  return [`${USAGE_HINT[lang].usage} ${synopsis(command)}`, "", said(doc.summary), "", said("options"), ...lines,
    ...(doc.notes ? ["", ...doc.notes.map(said)] : []), "", footer(lang)].join("\n");
}

function parserOptions(doc: CommandDoc): NonNullable<ParseArgsConfig["options"]> {
  return Object.fromEntries(doc.options.map((o) => [o.name, { type: o.value ? "string" : "boolean", multiple: o.multiple === true } as const]));
}

export interface Parsed {
  command: string;
  positionals: string[];
  values: Record<string, string | string[] | boolean | undefined>;
}

/** The command and its options; command "help" with no values for `docsheet --help`, and
 * values.help for `docsheet COMMAND --help`. */
export function parseCommand(argv: readonly string[]): Parsed {
  const [command, ...rest] = argv;
  if (!command || command === "--help" || command === "-h" || command === "help") return { command: "help", positionals: [], values: {} };
  const doc = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!doc) {
    const meant = nearestCommand(command);
    throw meant ? new UsageError("unknownCommandMeant", { command, meant }) : new UsageError("unknownCommand", { command });
  }
  // Help is given whatever else is typed: serve takes no --lang, yet its help speaks it.
  const typed = rest.includes("--") ? rest.slice(0, rest.indexOf("--")) : rest;
  if (typed.some((arg) => arg === "--help" || arg === "-h")) return { command, positionals: [], values: { help: true } };
  let parsed;
  try {
    parsed = parseArgs({ args: [...rest], options: { ...parserOptions(doc), help: { type: "boolean", short: "h" } }, allowPositionals: true, strict: true });
  } catch (err) {
    throw parserRefusal(err as Error);
  }
  if (parsed.values.help) return { command, positionals: [], values: { help: true } };
  const wanted = doc.positional ? 1 : 0;
  // FAMILY may be given as --family instead (familyOf checks that the two agree).
  const familyNamed = doc.positional === "FAMILY" && (parsed.values as Record<string, unknown>).family !== undefined && parsed.positionals.length <= 1;
  if (!familyNamed && parsed.positionals.length !== wanted) {
    throw wanted === 0 ? new UsageError("noPositional", { command }) : new UsageError("needsPositional", { command, what: doc.positional! });
  }
  return { command, positionals: parsed.positionals, values: parsed.values as Parsed["values"] };
}

/** The family a card names by `value`, of any kind. */
export function familyArg(value: unknown): SheetFamily {
  if (value === undefined) throw new UsageError("required", { name: "family" });
  const card = findCard(value);
  if (!card) {
    const meant = familyMeant(String(value));
    throw meant ? new UsageError("familyMeant", { given: String(value), family: meant }) : new UsageError("notFamily", { given: String(value), families: ALL_FAMILIES });
  }
  return card.name;
}

/** What people call each family (its names in English and Thai, singular or plural, any case or
 * spacing) → the word FAMILY takes: "ใบเสนอราคา", "Tax invoice" → quotations, tax-invoices. */
function familyMeant(given: string): string | undefined {
  // The registry's words, loaded only when a family is not named exactly.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require("../families") as typeof import("../families")).familyNamed(given)?.name;
}

/** The command a slip of the keyboard meant: one at most two letters off ("chek", "pots" → check, post). */
function nearestCommand(typed: string): string | undefined {
  const off = (a: string, b: string): number => {
    let row = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const next = [i];
      for (let j = 1; j <= b.length; j++) {
        const swapped = i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1] ? row[j - 2] : Infinity;
        next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1), swapped);
      }
      row = next;
    }
    return row[b.length];
  };
  const word = typed.toLowerCase();
  return Object.keys(COMMANDS).find((c) => off(word, c) <= Math.min(2, c.length - 2));
}

/** FAMILY as typed (the positional of pull and template, or --family), with familyArg's refusals
 * of a word that names none. */
export function sheetFamilyOf(p: Parsed): SheetFamily {
  return familyArg(familyGiven(p));
}

/** The FAMILY a command was given, as typed (pull and template take it as the positional too). */
export function familyGiven(p: Parsed): unknown {
  const positional = p.command === "pull" || p.command === "template";
  const given = positional ? p.positionals[0] : undefined;
  const named = p.values.family;
  if (given !== undefined && named !== undefined && given !== named) throw new UsageError("twoFamilies", { given, named: String(named) });
  return given ?? named;
}

export function langArg(values: Parsed["values"]): Lang {
  const v = values.lang;
  if (v === undefined) return "en";
  if (!isLang(v)) throw new UsageError("lang");
  return v;
}

export function required(values: Parsed["values"], name: string): string {
  const v = values[name];
  if (typeof v !== "string" || v === "") throw new UsageError("required", { name });
  return v;
}

export function intArg(values: Parsed["values"], name: string, fallback?: number): number | undefined {
  const v = values[name];
  if (v === undefined) return fallback;
  if (typeof v !== "string" || !/^\d+$/.test(v)) throw new UsageError("wholeNumber", { name });
  return Number(v);
}

/** --month YYYY-MM; a Buddhist-era year (2569-03) is taken as its Common Era year. */
export function monthArg(values: Parsed["values"]): string {
  const v = required(values, "month");
  const month = parseMonth(v);
  if (month === undefined) throw new UsageError("month");
  return month;
}

export function dateArg(values: Parsed["values"], name: string): string | undefined {
  const v = values[name];
  if (v === undefined) return undefined;
  // As the pane reads a date: 31/03/2569 or 2569-03-31 too, a Buddhist-era year as its Common Era
  // year (the service's; a pull of 2569 would find nothing without a word); a day that exists.
  const day = typeof v === "string" ? typedDate(v) : undefined;
  if (!day) throw new UsageError("date", { name });
  return day;
}

/** Every value of a repeatable option. */
const allValues = (values: Parsed["values"], name: string): string[] => {
  const v = values[name];
  return Array.isArray(v) ? v : typeof v === "string" ? [v] : [];
};

/** --sort publishedOn:asc (repeated, or a comma list): document list columns in the facts' spelling. */
export function sortArg(values: Parsed["values"]): SortTerm[] | undefined {
  const allowed = LIST_COLUMNS.documents.sort;
  const terms = allValues(values, "sort").flatMap((v) => v.split(",")).filter((v) => v.trim() !== "").map((item): SortTerm => {
    const [name, dir = "asc", ...rest] = item.split(":");
    const column = columnNamed(allowed, name);
    if (!column) throw new UsageError("sortColumn", { item, columns: allowed.join(", ") });
    const order = dir.trim().toLowerCase();
    if (rest.length > 0 || (order !== "asc" && order !== "desc")) throw new UsageError("sortDirection", { item });
    return { name: column, sortOrder: order };
  });
  return terms.length > 0 ? terms : undefined;
}

/** --filter Contact.NameLocal=TEXT (repeated: every one must hold). */
export function filterArg(values: Parsed["values"]): FilterTerm[] | undefined {
  const allowed = Object.keys(LIST_COLUMNS.documents.filter);
  const terms = allValues(values, "filter").map((item): FilterTerm => {
    const at = item.indexOf("=");
    const column = at > 0 ? columnNamed(allowed, item.slice(0, at)) : undefined;
    if (!column) throw new UsageError("filterForm", { item, columns: allowed.join(", ") });
    const value = item.slice(at + 1).trim();
    if (value === "") throw new UsageError("filterEmpty", { item });
    return { columnName: column, columnValue: value, columnPredicateOperator: "And" };
  });
  return terms.length > 0 ? terms : undefined;
}

export interface Connection {
  root: string;
  clientId: string;
  clientSecret: string;
  /** DOCSHEET_RETRIES: how often a request safe to repeat is tried again (the client's 4 unless
   * set), so a test of a run that cannot reach the service need not wait out the backoff. */
  maxRetries?: number;
}

export function connectionArgs(values: Parsed["values"], env: NodeJS.ProcessEnv): Connection {
  const root = required(values, "base-url").replace(/\/+$/, "");
  try {
    const u = new URL(root);
    if (u.protocol !== "http:" && u.protocol !== "https:") throw new Error();
  } catch {
    throw new UsageError("baseUrl", { url: root });
  }
  const clientId = required(values, "client-id");
  const secret = (values["client-secret"] as string | undefined) ?? env.DOCSHEET_CLIENT_SECRET;
  if (!secret) throw new UsageError("clientSecret");
  const retries = env.DOCSHEET_RETRIES;
  return { root, clientId, clientSecret: secret, ...(retries !== undefined && /^\d+$/.test(retries) ? { maxRetries: Number(retries) } : {}) };
}
