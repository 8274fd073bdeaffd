// An expense line's category as people name it: by its name in English or Thai, its system code,
// the drop-down's "Travel · 1001", or its id; found among the company's expense categories of the
// document's view (the service lists each view's own), and the line's accounts (credit and debit
// ids) and system code taken from it where the sheet gives none. A name no category of that view
// has, or that two have, is a finding at its cell. Pure.
import { EXPENSE_VIEW } from "../rules/codes";
import type { Json } from "../rules/json";
import { cellFinding, type CellFinding } from "./findings";
import { normalizeName } from "./fields";
import { sheetMsg } from "./messages";
import type { SheetCell, SheetDocument, SheetLine } from "./sheet-document";

/** A category cell as typed: its text (or number) and where it is. */
export interface CategoryCell {
  value: string | number;
  row: number;
  col: number;
}

/** The fields a category gives its line, by the category's own field. */
const FROM_CATEGORY: ReadonlyArray<readonly [line: string, category: string]> = [
  ["item.categoryId", "categoryId"], ["item.systemCode", "systemCode"], ["item.creditId", "creditId"], ["item.debitId", "debitId"],
];

const text = (v: unknown): string => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");

/** Every way a category is named, normalized: its names, code, id and the drop-down's label. */
function namesOf(c: Json): Set<string> {
  const names = [text(c.categoryNameForeign), text(c.categoryNameLocal)].filter(Boolean);
  const code = text(c.systemCode);
  const out = new Set<string>([...names, code, text(c.categoryId ?? c.id), ...names.map((n) => `${n} · ${code}`)].filter(Boolean).map(normalizeName));
  return out;
}

const viewOf = (c: Json): number => Number(c.expenseCategoryView ?? EXPENSE_VIEW.Business);

/**
 * Resolves the category cells of each document's lines (`cells`: the cells read as typed) against
 * `categories`, the company's, and fills each line's category id, system code and accounts from
 * its category; answers the findings of names no category, or more than one, has.
 */
export function resolveCategories(
  sheet: string, documents: readonly SheetDocument[], cells: ReadonlyMap<SheetLine, CategoryCell>, categories: readonly Json[],
): CellFinding[] {
  const findings: CellFinding[] = [];
  const named = categories.map((c) => ({ c, names: namesOf(c) }));
  for (const doc of documents) {
    // The document's view (business when not given) decides which list its categories are from.
    const view = Number(doc.fields.expenseCategoryView?.value ?? EXPENSE_VIEW.Business);
    const own = named.filter(({ c }) => viewOf(c) === view);
    for (const line of doc.lines) {
      const typed = cells.get(line);
      if (!typed) continue;
      const wanted = normalizeName(String(typed.value));
      const found = own.filter(({ names }) => names.has(wanted));
      // A typed id no category of the view has is the service's to judge, as before.
      if (found.length !== 1 && typeof typed.value === "number") continue;
      if (found.length !== 1) {
        // Both names: the message is rendered later, in either language.
        const name = (c: Json) => [...new Set([text(c.categoryNameForeign), text(c.categoryNameLocal)].filter(Boolean))].join(" / ");
        const listed = [...new Set(own.map(({ c }) => [name(c), text(c.systemCode)].filter(Boolean).join(" · ")))].join(", ");
        const msg = found.length === 0
          ? sheetMsg("categoryUnknown", { text: String(typed.value), categories: listed })
          : sheetMsg("categoryAmbiguous", { text: String(typed.value), count: found.length });
        findings.push(cellFinding(sheet, typed.row, typed.col, "item.categoryId", msg));
        line.unreadable.add("item.categoryId");
        doc.broken = true;
        continue;
      }
      const category = found[0].c;
      for (const [key, field] of FROM_CATEGORY) {
        const v = Number(category[field]);
        if (key === "item.categoryId") line.fields[key] = { value: v, row: typed.row, col: typed.col };
        // The sheet's own account or code stands; the category's fills what it leaves out.
        else if (!line.fields[key] && !line.unreadable.has(key) && Number.isSafeInteger(v) && v > 0) {
          line.fields[key] = { value: v, row: typed.row, col: typed.col } satisfies SheetCell;
        }
      }
    }
  }
  return findings;
}
