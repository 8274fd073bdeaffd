// What a finding's mark on the sheet says: its message in the run's language, a note opened as one
// ("Note: Leading zero restored: …") so the cell does not read as a problem. Pure.
import type { CellFinding } from "./findings";
import type { Lang } from "./i18n/lang";
import { resultMessage } from "./i18n/results";
import { translate } from "./i18n/translate";

export function markText(f: Pick<CellFinding, "message" | "severity">, lang: Lang): string {
  return translate(f.severity === "note" ? resultMessage("markNote", { message: f.message }) : f.message, lang);
}
