// Dates and months as the pane shows them and reads them back: in Thai as Thai accountants write
// them, day/month/Buddhist-era year (15/03/2569, 03/2569); in English as the browser's date and
// month inputs hold them (2026-03-15, 2026-03). Typed text is taken either way, the year in either
// era (a year after 2400 is Buddhist era). Pure.
import type { Lang } from "./i18n";

// Reading what is typed is shared with the CLI (jobs/month.ts).
export { typedDate, typedMonth } from "../jobs/month";

const BE = 543;

/** "2026-03-15" as the pane shows it in `lang`. */
export function shownDate(iso: string, lang: Lang): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return lang === "th" && m ? `${m[3]}/${m[2]}/${Number(m[1]) + BE}` : iso;
}

/** "2026-03" as the pane shows it in `lang`. */
export function shownMonth(ym: string, lang: Lang): string {
  const m = /^(\d{4})-(\d{2})$/.exec(ym);
  return lang === "th" && m ? `${m[2]}/${Number(m[1]) + BE}` : ym;
}
