// Argument parsing of the `docsheet` command with Node's util.parseArgs. One table per command
// gives the parser its options and `docsheet COMMAND --help` its text, so the help can never name an
// option the parser refuses or miss one it takes. A UsageError (exit 2) for anything it does not
// understand. Kept light: `docsheet --help` loads this file and nothing of the jobs.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { ACT_ORDER, FAMILY_CARDS, findCard } from "../families/cards";
import { isFamily, type Family, type SheetFamily } from "../rules/codes";
import { LIST_COLUMNS, columnNamed, type FilterTerm, type SortTerm } from "../rules/list-order";
import { parseMonth, typedDate } from "../jobs/month";
import { isLang, type Lang } from "../sheet/i18n/lang";
import { usageText, type UsageKey, type UsageParam } from "./usage-words";

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
  help: string;
}

export interface CommandDoc {
  /** What the command takes before its options: "WORKBOOK.xlsx", "FAMILY" or nothing. */
  positional?: string;
  summary: string;
  options: OptionDoc[];
  /** Lines printed after the options. */
  notes?: string[];
}

const FAMILY: OptionDoc = { name: "family", value: "FAMILY", required: true, help: "the kind of documents in the sheet (FAMILY below)" };
const SHEET: OptionDoc = { name: "sheet", value: "NAME", help: "the sheet to read (default: the active sheet)" };
const MAPPING: OptionDoc = { name: "mapping", value: "MAPPING.json", help: "which field each header is, and values for every row (docsheet map --out writes one)" };
const CONNECTION: OptionDoc[] = [
  { name: "base-url", value: "URL", required: true, help: "a service root: http://127.0.0.1:8787/test (local), https://openapi.flowaccount.com/test or /v1" },
  { name: "client-id", value: "ID", required: true, help: "the company's client id (local service: demo)" },
  { name: "client-secret", value: "SECRET", required: true, help: "its secret (local service: demo-secret); or set DOCSHEET_CLIENT_SECRET" },
];
const concurrency = (what: string): OptionDoc => ({ name: "concurrency", value: "N", help: `${what} at once (default 4)` });
const LANG: OptionDoc = { name: "lang", value: "en|th", help: "the language of the findings and results printed and written into the sheet (default en)" };
const CULTURE: OptionDoc = { name: "culture", value: "th|en", help: "pdf, share: the document's language" };

export const COMMANDS: Record<string, CommandDoc> = {
  serve: {
    summary: "Runs the local accounting service (roots /v1 and /test) on an embedded store, or on PostgreSQL.",
    options: [
      { name: "port", value: "8787", help: "the port to listen on (0: any free port)" },
      { name: "data-dir", value: "DIR", help: "where the embedded store keeps its data (default .data/ here)" },
      { name: "database-url", value: "postgres://...", help: "PostgreSQL instead of the embedded store (or set DATABASE_URL)" },
      { name: "public-url", value: "URL", help: "what share and attachment links start with (or set DOCSHEET_PUBLIC_URL; default the listening address)" },
      { name: "token-ttl", value: "SECONDS", help: "how long an access token lasts (default 86400, a day)" },
    ],
  },
  template: {
    positional: "FAMILY",
    summary: "Writes an empty workbook for FAMILY: the header row, one example document and drop-down lists.",
    options: [
      { ...FAMILY, required: false, help: "FAMILY as an option instead, as check, post and act take it" },
      { name: "out", value: "WORKBOOK.xlsx", required: true, help: "the workbook to write" },
      { ...LANG, help: "the language of the headers, the drop-down words and the messages (default en)" },
      ...CONNECTION.map((o) => ({ ...o, required: false })),
    ],
    notes: ["With the connection options the template also gets drop-down lists of the company's contacts, products, payment channels and expense categories, kept on a hidden sheet."],
  },
  check: {
    positional: "WORKBOOK.xlsx",
    summary: "Checks every record of a sheet (of any family) as its post and the service would, without sending anything.",
    options: [FAMILY, SHEET, MAPPING, { name: "json", help: "print the findings as JSON: [{sheet, cell, field, message}] (field: the column's key)" }, LANG],
    notes: ["Exit code 0 when the sheet is clean, 1 when it has findings."],
  },
  map: {
    positional: "WORKBOOK.xlsx",
    summary: "Suggests which field each header of the sheet is (your own headers, in English or Thai) and names the fields still needed.",
    options: [
      FAMILY, SHEET,
      { ...MAPPING, help: "start from this mapping: its fields for the headers it names, and its values for every row kept in --out" },
      { name: "json", help: "print the suggestion as JSON: [{column, header, field}] (field null: not mapped)" },
      { name: "out", value: "MAPPING.json", help: "save it as a mapping file, to edit and pass to check, post and act with --mapping" },
      LANG,
    ],
    notes: [
      "Exit code 0 when every required field has a column (or a value for every row), 1 when one is missing.",
      'A mapping file may state a value for every row of a field the sheet has no column for: "values": {"isVat": true, "isVatInclusive": false}. A filled cell of a column of that field wins over it; an empty one takes it.',
    ],
  },
  post: {
    positional: "WORKBOOK.xlsx",
    summary: "Creates the documents of a sheet on the service and writes each one's recordId, documentSerial, status and result into its rows.",
    options: [
      FAMILY, SHEET, MAPPING, ...CONNECTION,
      { name: "out", value: "OUT.xlsx", help: "write the posted workbook here (default: WORKBOOK.posted.xlsx beside WORKBOOK.xlsx)" },
      { name: "in-place", help: "write the results into WORKBOOK.xlsx itself" },
      { name: "draft", help: "journal-entries: save the vouchers as drafts instead of approving them" },
      concurrency("documents sent"), LANG,
    ],
    notes: ["Run it again on the same workbook to retry: documents already created are found, never made twice."],
  },
  pull: {
    positional: "FAMILY",
    summary: "Reads every page of FAMILY's list into a new sheet of OUT.xlsx (added as another sheet when OUT.xlsx exists).",
    options: [
      { ...FAMILY, required: false, help: "FAMILY as an option instead, as check, post and act take it" },
      ...CONNECTION,
      { name: "out", value: "OUT.xlsx", required: true, help: "the workbook to write" },
      { name: "range", value: "N", help: "the service's date range filter (5: between --start-date and --end-date)" },
      { name: "start-date", value: "YYYY-MM-DD", help: "first day (with --end-date); DD/MM/YYYY and a Buddhist-era year (01/03/2569) are read too" },
      { name: "end-date", value: "YYYY-MM-DD", help: "last day (with --start-date)" },
      { name: "search", value: "TEXT", help: "only documents the service finds for this text" },
      { name: "sort", value: "COLUMN[:asc|desc]", multiple: true, help: `the order of the documents (again, or a comma list, for more columns): ${LIST_COLUMNS.documents.sort.join(", ")} (default: newest first)` },
      { name: "filter", value: "COLUMN=TEXT", multiple: true, help: `only documents whose column contains TEXT (again for more, all must hold): ${Object.keys(LIST_COLUMNS.documents.filter).join(", ")}` },
      { name: "lines", help: "one row per line instead of one per document" },
      concurrency("pages read"), LANG,
    ],
  },
  refresh: {
    positional: "WORKBOOK.xlsx",
    summary: "Reads a pulled sheet's records again (any family) with the pull's own query and writes them into their rows in place: changed records take their rows, new ones are appended, deleted or void ones are marked; your own columns stay.",
    options: [
      ...CONNECTION, SHEET,
      { name: "rows", value: "2,5-9", help: "take the service's copy for these sheet rows even when edited in the sheet (numbered as Excel shows them)" },
      { name: "out", value: "OUT.xlsx", help: "write the refreshed workbook here (default: WORKBOOK.xlsx itself)" },
      concurrency("pages read"), LANG,
    ],
    notes: [
      "A row edited in the sheet and not sent is not overwritten: it is listed (send it with update, or take the service's copy with --rows).",
      "Exit code 1 when a row was left as edited in the sheet; 2 for a sheet that was not pulled or belongs to another company.",
    ],
  },
  calc: {
    positional: "WORKBOOK.xlsx",
    summary: "Evaluates every DOCSHEET worksheet function of the workbook (=DOCSHEET.TOTAL(...), =DOCSHEET.VAT(...), ...) against the service and stores the values as the cells' results, formulas kept, so the workbook opens in Excel showing the figures.",
    options: [
      ...CONNECTION,
      { name: "out", value: "OUT.xlsx", help: "write the calculated workbook here (default: WORKBOOK.calculated.xlsx beside WORKBOOK.xlsx)" },
      { name: "in-place", help: "write the results into WORKBOOK.xlsx itself" },
      LANG,
    ],
    notes: [
      "A function's arguments are text, numbers, TRUE/FALSE or references to single cells; a formula that does more than call one DOCSHEET function is left as it is and listed.",
      "A table (DOCUMENTS, AGING, CONTACTS, PRODUCTS, ACCOUNTS) is written as an array formula over the cells it fills.",
      "Exit code 1 when a cell's value is an error (each is listed with its reason); 2 when the service cannot be reached or the workbook is another company's.",
    ],
  },
  report: {
    positional: "vat|wht",
    summary: "Writes the month's VAT report (vat: the output-tax and input-tax reports, รายงานภาษีขาย / รายงานภาษีซื้อ, the void documents apart and the return's summary) or withholding tax returns (wht: the ภ.ง.ด.3 and ภ.ง.ด.53 attachments, ภ.ง.ด.1 and ภ.ง.ด.2 when the month has certificates on them, the void certificates apart and the return) into OUT.xlsx.",
    options: [
      { name: "month", value: "YYYY-MM", required: true, help: "the month, YYYY-MM or MM/YYYY (a Buddhist-era year such as 2569-03 or 03/2569 is read too)" },
      ...CONNECTION,
      { name: "out", value: "REPORT.xlsx", required: true, help: "the workbook to write (the report's sheets are added when it exists)" },
      { name: "rd-prep", value: "DIR", help: "also write the files RD Prep imports into DIR (wht: one per form; vat: the ภ.พ.30 file)" },
      { name: "rd-layout", value: "FILE", help: "wht: the RD Prep files' fields in another order, one line per form (PND3: seq|taxId|...); the README lists the fields" },
      { name: "missing", help: "wht: also write the month's purchases and expenses that withheld tax without a certificate as certificate rows to complete and post" },
      concurrency("pages read"),
      { ...LANG, help: "the language of the report (Thai: Buddhist-era dates) and of what is printed (default en)" },
    ],
    notes: ["Exit code 0 when every total equals the sum of its documents (wht: the certificates' totals, and no purchase or expense without its certificate), 1 when a finding says otherwise."],
  },
  act: {
    positional: "WORKBOOK.xlsx",
    summary: "Acts on the records of the rows that have a recordId, and writes each outcome into its rows.",
    options: [
      FAMILY,
      { name: "action", value: "ACTION", required: true, help: "status, delete, payment, upgrade, pdf, email, share or attach" },
      ...CONNECTION, SHEET, MAPPING,
      { name: "rows", value: "2,5-9", help: "only these sheet rows, numbered as Excel shows them (default: every row with a recordId)" },
      { name: "status", value: "WORD", help: "status: the new status, the service's word or as people say it, English or Thai (default: each row's status cell)" },
      { name: "payment-method", value: "N", help: "payment: the payment channel (default: each row's payment columns)" },
      { name: "payment-date", value: "YYYY-MM-DD", help: "payment: the day paid" },
      { name: "collected", value: "AMOUNT", help: "payment: the amount received or paid (default: what settles the document after the tax withheld and deductions)" },
      { name: "withheld-percentage", value: "RATE", help: "payment: the withholding tax % the payer deducted, of the amount before VAT (0.5, 0.75, 1, 1.5, 2, 3, 5, 10, 15; -1 with --withheld-amount)" },
      { name: "withheld-amount", value: "AMOUNT", help: "payment: the withholding tax deducted, as an amount" },
      { name: "deduction-type", value: "N", help: "payment: what the deduction is: 1 special discount, 3 commission, 5 fee, 7 rounding (sell documents)" },
      { name: "deduction-amount", value: "AMOUNT", help: "payment: the amount deducted at payment (sell documents)" },
      { name: "payment-charge", value: "AMOUNT", help: "payment: the bank fee of a cheque or transfer" },
      { name: "remaining-collected", value: "AMOUNT", help: "payment: the difference left: cash short (or over, negative: --remaining-collected=-5), or a bank fee taken from the amount" },
      { name: "remaining-type", value: "N", help: "payment: what the difference is: 51 cash short or over, 55 bank fee" },
      { name: "to", value: "FAMILY|EMAIL", help: "upgrade: the family to make; email: the recipient (default: the row's contactEmail)" },
      { name: "from", value: "EMAIL", help: "email: the sender (required)" },
      { name: "subject", value: "TEXT", help: "email: the subject" },
      { name: "message", value: "TEXT", help: "email: the message" },
      { name: "pdf-dir", value: "DIR", help: "pdf: where to save the PDFs (default: beside the workbook written)" },
      CULTURE,
      { name: "file", value: "PATH", help: "attach: the file to attach (pdf, image, Word, Excel or PowerPoint, 10 MB at most)" },
      { name: "out", value: "OUT.xlsx", help: "write the workbook here (default: WORKBOOK.acted.xlsx beside WORKBOOK.xlsx)" },
      { name: "in-place", help: "write the outcomes into WORKBOOK.xlsx itself" },
      concurrency("documents acted on"), LANG,
    ],
    notes: [`Every family takes every action but: ${fewerActs()}.`],
  },
  undo: {
    positional: "WORKBOOK.xlsx",
    summary: "Reverses the workbook's last post of FAMILY: deletes or voids the documents it created and clears their rows, so the sheet can be corrected and posted again.",
    options: [
      FAMILY, ...CONNECTION, MAPPING,
      { name: "dry-run", help: "say what would be deleted, voided or left alone, and change nothing" },
      { name: "out", value: "OUT.xlsx", help: "write the workbook here (default: WORKBOOK.undone.xlsx beside WORKBOOK.xlsx)" },
      { name: "in-place", help: "write the rows and the record of the post back into WORKBOOK.xlsx itself" },
      { ...concurrency("documents read or changed"), help: "documents read or changed at once (default 8)" }, LANG,
    ],
    notes: [
      "Awaiting quotations and billing notes are deleted, other documents voided, documents made from them first.",
      "Documents paid, upgraded or edited since the post, and rows the post found already posted, are left alone with the reason.",
      "Exit code 0 when everything was undone, 1 when something was left alone or there is nothing to undo.",
    ],
  },
  update: {
    positional: "WORKBOOK.xlsx",
    summary: "Sends the changes of the rows that have a recordId: compares each document with the service's copy, prints what changes field by field, and updates the changed ones.",
    options: [
      FAMILY, ...CONNECTION, SHEET, MAPPING,
      { name: "rows", value: "2,5-9", help: "only these sheet rows, numbered as Excel shows them (default: every row with a recordId)" },
      { name: "dry-run", help: "print what would change, and send and write nothing" },
      { name: "out", value: "OUT.xlsx", help: "write the updated workbook here (default: WORKBOOK.updated.xlsx beside WORKBOOK.xlsx)" },
      { name: "in-place", help: "write the outcomes into WORKBOOK.xlsx itself" },
      concurrency("documents read or sent"), LANG,
    ],
    notes: [
      "A document the service changed since the sheet last saw it (posted or pulled) is not sent: its row says what changed there.",
      "Only awaiting documents can be edited; the others are refused in their row. Exit code 1 when a document was not sent.",
    ],
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
 * billing-notes no payment; ...; contacts, products none"). */
function fewerActs(): string {
  const groups = new Map<string, string[]>();
  for (const card of FAMILY_CARDS) {
    const missing = ACT_ORDER.filter((k) => !card.acts.includes(k));
    if (missing.length === 0) continue;
    const lack = card.acts.length === 0 ? "none" : missing.length <= 2 ? `no ${missing.join(" or ")}` : `${card.acts.join("|")} only`;
    groups.set(lack, [...(groups.get(lack) ?? []), card.name]);
  }
  return [...groups].map(([lack, names]) => `${names.join(", ")} ${lack}`).join("; ");
}

/** The families every command takes, and those (the certificates) that take fewer: said apart. */
// From the cards: --help loads no entry (the entries bring the jobs' parts, zod and decimal.js).
const ALL_FAMILIES = FAMILY_CARDS.filter((e) => e.kind !== "certificate").map((e) => e.name).join(", ");
const CERTIFICATES = FAMILY_CARDS.filter((e) => e.kind === "certificate");

/** The families whose cards offer no act (`docsheet act` refuses them). */
const NO_ACTS = FAMILY_CARDS.filter((e) => e.kind !== "certificate" && e.acts.length === 0).map((e) => e.name).join(", ");

const FOOTER = `FAMILY: ${ALL_FAMILIES} (${NO_ACTS}: no act); ${CERTIFICATES.map((e) => `${e.name} (template, map, check, post, pull, act ${e.acts.join("|")}, undo)`).join("; ")}
Exit codes: 0 clean, 1 findings or failed rows, 2 usage or connection errors.`;

export const USAGE = `Usage:
${Object.keys(COMMANDS).map((c) => synopsis(c).replace(/^/gm, "  ")).join("\n")}

${FOOTER}
docsheet COMMAND --help tells what each option does.`;

/** `docsheet COMMAND --help`: the synopsis, then every option with what it does. */
export function commandHelp(command: string): string {
  const doc = COMMANDS[command];
  const names = doc.options.map((o) => `--${o.name}${o.value ? ` ${o.value}` : ""}`);
  const pad = Math.max(...names.map((n) => n.length)) + 2;
  const lines = doc.options.map((o, i) => `  ${names[i].padEnd(pad)}${o.help}${o.required ? " (required)" : ""}`);
  return [`Usage: ${synopsis(command)}`, "", doc.summary, "", "Options:", ...lines, ...(doc.notes ? ["", ...doc.notes] : []), "", FOOTER].join("\n");
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

export function familyArg(value: unknown): Family {
  if (value === undefined) throw new UsageError("required", { name: "family" });
  if (!isFamily(value)) {
    const meant = familyMeant(String(value));
    throw meant ? new UsageError("familyMeant", { given: String(value), family: meant }) : new UsageError("notFamily", { given: String(value), families: [ALL_FAMILIES, ...CERTIFICATES.map((e) => e.name)].join(", ") });
  }
  return value;
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

/** FAMILY of pull and template: the positional, or --family as the sheet commands take it. */
export function familyOf(p: Parsed): Family {
  return familyArg(familyGiven(p));
}

/** FAMILY as typed, of any kind: a book's or the certificates' name as their card has it, else a
 * document family's (with familyArg's refusals of a word that names none). */
export function sheetFamilyOf(p: Parsed): SheetFamily {
  return findCard(familyGiven(p))?.name ?? familyOf(p);
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
