// Dates and months as the pane shows them and reads them back: in Thai as Thai accountants write
// them, day/month/Buddhist-era year (15/03/2569, 03/2569); in English as the browser's date and
// month inputs hold them (2026-03-15, 2026-03). Typed text is taken either way, the year in either
// era (a year after 2400 is Buddhist era). Pure.
import type { Lang } from "./i18n";

const BE = 543;
const ceYear = (y: number): number => (y > 2400 ? y - BE : y);
const pad = (n: number): string => String(n).padStart(2, "0");

function validDay(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return m >= 1 && m <= 12 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** "2026-03-15" as the pane shows it in `lang`. */
export function shownDate(iso: string, lang: Lang): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return lang === "th" && m ? `${m[3]}/${m[2]}/${Number(m[1]) + BE}` : iso;
}

/** A typed date as YYYY-MM-DD (Common Era): "15/03/2569", "15/3/2026", "2569-03-15", "2026-03-15";
 * "" for an empty field; undefined when it is no date. */
export function typedDate(text: string): string | undefined {
  const t = text.trim();
  if (t === "") return "";
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  const parts = dmy ? [dmy[3], dmy[2], dmy[1]] : ymd ? [ymd[1], ymd[2], ymd[3]] : null;
  if (!parts) return undefined;
  const [y, m, d] = parts.map(Number);
  const year = ceYear(y);
  return validDay(year, m, d) ? `${year}-${pad(m)}-${pad(d)}` : undefined;
}

/** "2026-03" as the pane shows it in `lang`. */
export function shownMonth(ym: string, lang: Lang): string {
  const m = /^(\d{4})-(\d{2})$/.exec(ym);
  return lang === "th" && m ? `${m[2]}/${Number(m[1]) + BE}` : ym;
}

/** A typed month as YYYY-MM (Common Era): "03/2569", "3/2026", "2569-03", "2026-03"; undefined
 * when it is no month. */
export function typedMonth(text: string): string | undefined {
  const t = text.trim();
  const my = /^(\d{1,2})[/.-](\d{4})$/.exec(t);
  const ym = /^(\d{4})-(\d{1,2})$/.exec(t);
  const parts = my ? [my[2], my[1]] : ym ? [ym[1], ym[2]] : null;
  if (!parts) return undefined;
  const [y, m] = parts.map(Number);
  if (m < 1 || m > 12) return undefined;
  return `${ceYear(y)}-${pad(m)}`;
}
