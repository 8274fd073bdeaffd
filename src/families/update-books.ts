// How the update job (jobs/update.ts) sends a changed book row, beside the entries as post-books.ts
// is: the row built as a post builds it (accounts from the company's chart where the entry uses
// them), compared with the service's copy field by field (a product's accounts with its master's,
// service-facts §5.2), and sent as the entry says: a contact's or product's PUT carries what the
// entry's updateRequires keeps from the copy under the sheet's fields; a product's accounts go to
// its master. A row changed on the service since the sheet saw it (its fingerprint) is not sent; a
// row sent takes the fingerprint a pull writes (sheet/row-fingerprint.ts). A journal voucher cannot
// be edited through the interface: its rows say so and nothing is sent.
import type { BookFamily } from "../rules/codes";
import type { Json } from "../rules/json";
import { accountIndex, chartOf, type AccountIndex, type ChartAccount } from "../sheet/books/accounts";
import { buildBook } from "../sheet/books/build";
import { bookFingerprintHolds, isBookFingerprint } from "../sheet/books/fingerprint";
import { differingFields } from "../sheet/books/identity";
import { sortFindings } from "../sheet/findings";
import type { Lang } from "../sheet/i18n/lang";
import { resultMsg } from "../sheet/i18n/results";
import type { SheetLayout } from "../sheet/read";
import { accountsChanged, fieldLabel, masterCodes, readBook } from "../jobs/book-parts";
import type { ShownChange } from "../jobs/shown-change";
import { bookColumn, bookKeys, bookPulledFingerprint, bookRows } from "../sheet/books/sheet";
import { headerLanguage } from "../sheet/writeback";
import { render } from "../sheet/i18n/render";
import { notSent } from "../jobs/not-sent";
import { familyEntry } from ".";
import type { Updating } from "./updating";

/** The master PUT: the sheet's settings over the service's, its main unit over the service's main
 * unit (the other unit lists kept). */
function masterUpdate(sheet: Json, master: Json): Json {
  const lists = (Array.isArray(master.productLists) ? master.productLists : []) as Json[];
  const at = lists.findIndex((l) => l.isMainProduct === true);
  const main = { ...(lists[at] ?? {}), ...((sheet.productLists as Json[])[0] ?? {}), isMainProduct: true };
  const productLists = at >= 0 ? lists.map((l, i) => (i === at ? main : l)) : [main, ...lists.map((l) => ({ ...l, isMainProduct: false }))];
  const side = (k: string): Json => ({ ...((master[k] as Json | undefined) ?? {}), ...((sheet[k] as Json | undefined) ?? {}) });
  return { ...sheet, code: sheet.code ?? master.code, sellSettings: side("sellSettings"), buySettings: side("buySettings"), productLists };
}

/** The preview's lines: each changed column's cell as a pull of the service's copy shows it, against
 * the cell the sheet's fields over that copy make, labelled in the run's language. */
function shownChanges(
  family: BookFamily, id: number, current: Json, body: Json, labels: ReadonlySet<string>, lang: Lang,
  accounts?: { from?: Json; to?: Json },
): ShownChange[] {
  const cellsOf = (record: Json, codes?: Json): unknown[] => bookRows(family, [{ ...record, id }], lang, [], codes ? new Map([[id, codes]]) : undefined)[0] ?? [];
  const from = cellsOf(current, accounts?.from);
  const to = cellsOf({ ...current, ...body }, accounts?.to);
  const empty = render(resultMsg("emptyValue"), lang);
  const text = (v: unknown): string => (v === null || v === undefined || v === "" ? empty : String(v));
  return bookKeys(family).flatMap((key, i): ShownChange[] => {
    const field = bookColumn(family, key, lang).header;
    return labels.has(field) && text(from[i]) !== text(to[i]) ? [{ field, from: text(from[i]), to: text(to[i]) }] : [];
  });
}

/** The book's updating (families/updating.ts); one per run: it holds the chart it read. */
export function bookUpdating(family: BookFamily): Updating {
  const entry = familyEntry(family);
  let ctx: { layout: SheetLayout; chart: ChartAccount[]; accounts?: AccountIndex } | undefined;
  // A product's accounts (by its id) as its master has them after its update: the row's fingerprint
  // hashes them as a pull shows them.
  const sentAccounts = new Map<number, Json>();
  return {
    read: async (block, o) => readBook(block, family, o.mapping),
    columns: entry.updates ? ["result", "fingerprint"] : ["result"],
    ...(entry.updates ? {} : { refusal: resultMsg("journalNoUpdate") }),
    reportsFindings: true,
    async prepare(client, read, signal) {
      const chart = entry.usesAccounts ? chartOf((await client.chartOfAccounts.list({ signal })) as Json[]) : [];
      ctx = { layout: read.layout, chart, accounts: entry.usesAccounts ? accountIndex(chart) : undefined };
    },
    // The fingerprint a pull of the sheet's language writes for the copy sent (its columns' hashes
    // with it), as certificates' update writes theirs: refresh then tells a change the service made
    // since from an edit in the sheet, and the next update reads it as a pull's.
    written: (_doc, answer, { read }) => {
      if (!answer) return { values: {} };
      const id = Number(answer.id);
      const codes = sentAccounts.get(id);
      const lang = headerLanguage(read.layout) === "th" ? "th" : "en";
      return { values: { fingerprint: bookPulledFingerprint(family, answer, lang, ctx!.chart, codes ? new Map([[id, codes]]) : undefined) } };
    },
    async plan(client, doc, current, { lang, signal }) {
      const built = buildBook(family, doc, ctx!);
      const findings = built.findings;
      const problems = sortFindings(findings.filter((f) => f.severity === "error"));
      if (problems.length > 0 || !built.body) return { kind: "invalid", message: notSent(problems), findings };
      // Changed on the service since the sheet saw it (post, pull, update): not overwritten.
      const seen = doc.fields.fingerprint?.value;
      if (isBookFingerprint(seen) && !bookFingerprintHolds(seen, current)) return { kind: "conflict", message: resultMsg("changedOnServiceUnnamed"), findings };
      // No fingerprint (the hidden cell cleared or typed over): sent, but the row says what could not be checked.
      const checked = isBookFingerprint(seen);
      const id = Number(doc.fields.recordId!.value);
      const changed = differingFields(built.body, current);
      const master = built.master ? (await client.productMasters.get(id, { signal })) as Json : undefined;
      if (built.master && master) changed.push(...accountsChanged(built.master, master));
      if (changed.length === 0) return { kind: "unchanged", message: resultMsg("noChanges"), findings };
      const labels = new Set(changed.map((wire) => fieldLabel(family, wire, lang)));
      const fields = [...labels].join(", ");
      const body = built.body as Json;
      const chart = ctx!.chart;
      const accounts = built.master && master ? { from: masterCodes(master, chart), to: { ...masterCodes(master, chart), ...masterCodes(built.master as Json, chart) } } : undefined;
      // What was sent, and the master it leaves where the row's accounts went to it (the body the
      // master now holds: no read again for the row's fingerprint).
      const sent = async (s?: AbortSignal): Promise<{ answer: Json | undefined; master?: Json }> => {
        if (built.master && master) {
          const after = masterUpdate(built.master, master);
          await client.productMasters.update(id, after, { signal: s });
          return { answer: (await client.products.get(id, { signal: s })) as Json, master: after };
        }
        // The sheet's fields over what the service must have in every body (kept from its copy).
        const kept = Object.fromEntries((entry.updateRequires ?? []).filter((k) => current[k] !== undefined && current[k] !== null).map((k) => [k, current[k]]));
        return { answer: await entry.updateBook?.(client, id, { ...kept, ...body }, { signal: s }) };
      };
      return {
        kind: "update", findings, changes: shownChanges(family, id, current, body, labels, lang, accounts),
        message: resultMsg(checked ? "toUpdate" : "toUpdateUnchecked", { fields }),
        done: resultMsg(checked ? "updated" : "updatedUnchecked", { fields }),
        send: async (s) => {
          const { answer, master: after } = await sent(s);
          if (answer && entry.accountsOnMaster && chart.length > 0) {
            sentAccounts.set(id, masterCodes(after ?? (await client.productMasters.get(id, { signal: s })) as Json, chart));
          }
          return answer;
        },
      };
    },
  };
}
