// What the command prints besides findings and row results, in English or Thai (--lang): one set of
// sentences over the language's texts (src/texts, namespace cli), counts by the language's plural
// rules: "1 document", "2 documents"; Thai nouns have one form.
import { count, fillCounted, groupCounts, groupDigits } from "../sheet/i18n/plural";
import type { Lang } from "../sheet/i18n/lang";
import type { ListCounts } from "../jobs/template";
import type { RefreshKind } from "../jobs/refresh";
import type { UpdateKind } from "../jobs/update";
import type { SheetFamily } from "../rules/codes";
import type { ActKind } from "../families/cards";
import { recordCount, recordExample } from "../sheet/i18n/record-count";
import { render } from "../sheet/i18n/render";
import { cli as en } from "../texts/en/cli";
import { results as resultsEn } from "../texts/en/results";
import { cli as th } from "../texts/th/cli";
import { results as resultsTh } from "../texts/th/results";

export { count };

/** The counts of a post, in the pane's words (its Post summary). */
/** `warnings`: the s.86/4 warnings of documents sent all the same. Of contacts and products (said
 * only when there are some): `existing`, on the service before; `repeated`, rows naming the record
 * an earlier row of the same run made. `found` is what another run made. */
export type PostCounts = Record<"created" | "found" | "skipped" | "notSent" | "failed" | "unknown" | "warnings", number> & { existing?: number; repeated?: number };

export interface Words {
  /** findings: errors; warnings (s.86/4 details, headers ignored) and notes (a leading zero
   * restored) are counted apart, when any. */
  checked(documents: number, findings: number, warnings?: number, notes?: number, family?: SheetFamily): string;
  warning: string;
  note: string;
  /** "INV-1 (row 2): message" */
  row(key: string, row: number, message: string): string;
  posted(c: PostCounts, out: string): string;
  /** A post stopped because its output could not be saved; `saved`: the last try at the end worked. */
  saveStopped(c: Record<"created" | "found" | "notSent", number>, out: string, detail: string, saved: boolean, input: string): string;
  /** Another post of the workbook runs: this one waits for it. */
  waitingForPost(input: string, pid: number): string;
  acted(action: ActKind, done: number, skipped: number, failed: number, out: string): string;
  /** The command's word that starts its progress lines ("post: row 2 ..."), in the run's language. */
  doing: Record<Doing, string>;
  /** `family`: whose records were counted (contacts, products, ... by their own words); documents when not given. */
  pulled(documents: number, sheet: string, rows: number, out: string, family?: SheetFamily): string;
  template(out: string, sheet: string, columns: number, family?: SheetFamily): string;
  templateLists(c: ListCounts): string;
  undone(c: UndoCounts, out: string | null): string;
  updated(c: Record<UpdateKind, number>, out: string): string;
  updatePreview(c: Record<UpdateKind, number>): string;
  refreshed(c: Record<RefreshKind, number>, sheet: string, out: string): string;
  /** "cannot post": the start of a connection error, after "docsheet: ". */
  cannot: Record<Attempt, string>;
  /** The same of contacts, products, vouchers or certificates, where `cannot` would call them documents. */
  cannotRecords: Partial<Record<Attempt, string>>;
}

/** What a command was doing when the service failed it: its verb (act's --action names), or what it read. */
export type Attempt = "post" | "pull" | "refresh" | "update" | "undo" | "calc" | "documents" | "lists" | ActKind;
/** What a progress line names: the command, or act's action. */
export type Doing = "post" | "pull" | "refresh" | "update" | "undo" | "report" | ActKind;
/** act's --action values (the families' cards say which a family takes). */
export type { ActKind };

/** An undo's counts (undo.ts's kinds); out null for a dry run. */
export type UndoCounts = Record<"deleted" | "voided" | "gone" | "kept" | "refused" | "failed", number>;

type Key = keyof typeof en;
const RESULTS = { en: resultsEn, th: resultsTh } as const;
const TABLES: Readonly<Record<Lang, Readonly<Record<Key, string>>>> = { en, th };

const ATTEMPTS: readonly Attempt[] = ["post", "pull", "refresh", "update", "undo", "calc", "documents", "lists",
  "status", "delete", "payment", "upgrade", "pdf", "email", "share", "attach"];
const DOINGS: readonly Doing[] = ["post", "pull", "refresh", "update", "undo", "report", "status", "delete", "payment", "upgrade", "pdf", "email", "share", "attach"];

/** The entries of `prefix` ("cannot_post" → post) that the language's table has. */
function byName<K extends string>(table: Readonly<Record<Key, string>>, prefix: string, names: readonly K[]): Partial<Record<K, string>> {
  return Object.fromEntries(names.flatMap((name) => {
    const text = (table as Readonly<Record<string, string>>)[`${prefix}_${name}`];
    return text === undefined ? [] : [[name, text]];
  })) as Partial<Record<K, string>>;
}

/** The command's words in `lang`: one set of sentences over the language's texts (src/texts, namespace cli). */
function wordsOf(lang: Lang): Words {
  const table = TABLES[lang];
  const t = (key: Key, vars: Readonly<Record<string, string | number>> = {}): string => fillCounted(table[key], vars, lang);
  /** A summary: the counts' texts joined, those given as undefined left out. */
  const list = (...parts: (string | false)[]): string => parts.filter((p): p is string => p !== false).join(", ");
  const n = (key: Key, value: number): string => t(key, { n: groupDigits(value) });
  /** "2 contacts", "ผู้ติดต่อ 2 ราย": the family's records by their own word. */
  const records = (family: SheetFamily | undefined, count: number): string => render(recordCount(family, count), lang);
  const doing = byName(table, "doing", DOINGS) as Record<Doing, string>;
  return {
    checked: (d, f, w = 0, notes = 0, family) => list(records(family, d), n("checkedFindings", f), w > 0 && n("checkedWarnings", w), notes > 0 && n("checkedNotes", notes)),
    warning: t("warningLead"),
    note: t("noteLead"),
    row: (key, row, message) => key === `row ${row}` ? fillCounted(RESULTS[lang].rowOnlyResult, { row, message }, lang) : fillCounted(RESULTS[lang].rowResult, { key, row, message }, lang),
    posted: (c, out) => t("wrote", {
      summary: list(n("created", c.created), n("found", c.found), !!c.existing && n("existing", c.existing), !!c.repeated && n("repeated", c.repeated),
        n("skipped", c.skipped), n("notSent", c.notSent), n("failed", c.failed), n("unknown", c.unknown), c.warnings > 0 && n("checkedWarnings", c.warnings)),
      out,
    }),
    saveStopped: (c, out, detail, saved, input) => t(saved ? "saveStoppedSaved" : "saveStoppedLost", { out, detail, input, created: groupDigits(c.created), found: groupDigits(c.found), notSent: groupDigits(c.notSent) }),
    waitingForPost: (input, pid) => t("waitingForPost", { input, pid }),
    acted: (action, done, skipped, failed, out) => t("wrote", { summary: t("acted", { doing: doing[action], summary: list(n("done", done), n("skippedAct", skipped), n("failed", failed)) }), out }),
    pulled: (d, sheet, rows, out, family) => t("pulled", { records: records(family, d), sheet, rows: groupDigits(rows), out }),
    template: (out, sheet, columns, family) => t("template", { out, sheet, columns, example: render(recordExample(family), lang) }),
    templateLists: (c) => t("templateLists", groupCounts({ ...c })),
    undone: (c, out) => {
      const rest = [n("gone", c.gone), n("kept", c.kept), c.refused > 0 && n("refused", c.refused), n("failed", c.failed)] as const;
      return out === null
        ? t("dryRun", { summary: list(n("wouldDelete", c.deleted), n("wouldVoid", c.voided), ...rest) })
        : t("wrote", { summary: t("undone", { summary: list(n("deleted", c.deleted), n("voided", c.voided), ...rest) }), out });
    },
    updated: (c, out) => t("wrote", { summary: list(n("updated", c.updated), ...updateRest(c)), out }),
    updatePreview: (c) => t("dryRunUpdate", { summary: list(n("toUpdate", c.update), ...updateRest(c)) }),
    refreshed: (c, sheet, out) => t("wrote", {
      summary: t("refreshedSheet", {
        sheet,
        summary: list(n("refreshed", c.refreshed), n("added", c.added), n("unchanged", c.unchanged), n("void", c.void), n("deletedOnService", c.deleted),
          n("edited", c.edited), !!c.refused && n("refusedRefresh", c.refused)),
      }),
      out,
    }),
    cannot: byName(table, "cannot", ATTEMPTS) as Record<Attempt, string>,
    cannotRecords: byName(table, "cannotRecords", ATTEMPTS),
    doing,
  };

  function updateRest(c: Record<UpdateKind, number>): string[] {
    return [n("unchanged", c.unchanged), n("conflict", c.conflict), n("refusedUpdate", c.refused), n("notSent", c.invalid + c.failed + c.cancelled)];
  }
}

const WORDS: Readonly<Record<Lang, Words>> = { en: wordsOf("en"), th: wordsOf("th") };

export function words(lang: Lang): Words {
  return WORDS[lang];
}
