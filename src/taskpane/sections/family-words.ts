// How a section speaks of the family's records: the documents' own words, or the same said of
// another family's records by their word ("contacts", "ผู้ติดต่อ"), read from its entry.
import { familyCard } from "../../families/cards";
import type { SheetFamily } from "../../rules/codes";
import { recordWord, recordsWord } from "../../sheet/i18n/record-count";
import { render } from "../../sheet/i18n/render";
import type { Lang, Translate } from "../i18n";
import { keyName, rowLabel } from "./rows";

/** What the family's records are called, many of them (`n` of them when given: "1 contact"). */
export function recordsOf(family: SheetFamily, lang: Lang, n?: number): string {
  return render((n === 1 ? recordWord : recordsWord)(family), lang);
}

/** A record's row: a document by row and key (rowLabel), another record by row, its word and its
 * name, else its key ("Row 3, contact C-1:"), or its row alone when the row names it by nothing.
 * `named` as rowLabel's. */
export function recordLabel(t: Translate, lang: Lang, family: SheetFamily, r: { row: number; key: string; name?: string }, named = false): string {
  const documents = familyCard(family).record === "Document";
  const name = r.name || keyName(r);
  if (!documents && !name) return t("rowAt", { row: r.row + 1 });
  const label = documents ? rowLabel(t, r) : t("rowRecord", { row: r.row + 1, record: recordsOf(family, lang, 1), name: name ?? "" });
  return named ? label.replace(/:$/, "") : label;
}

/** A section's help: the documents' text, else its `…Records` twin naming the family's records. */
export function helpFor(t: Translate, lang: Lang, family: SheetFamily, key: "postHelp" | "updateHelp" | "pullHelp" | "undoHelp"): string {
  return familyCard(family).record === "Document" ? t(key) : t(`${key}Records`, { records: recordsOf(family, lang) });
}
