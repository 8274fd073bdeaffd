// Dates and months as people type them, read as the service's YYYY-MM-DD and YYYY-MM: day/month/year
// as Thai accountants write them (15/03/2569, 03/2569) or year first (2026-03-15, 2026-03), the year
// in either era (a year after 2400 is Buddhist era). The pane's fields and the CLI's --month,
// --start-date and --end-date read them alike. Kept apart so that reading an argument loads nothing else. Pure.

import type { Lang } from "../sheet/i18n/lang";

const BE = 543;
/** A Buddhist-era year (past 2400) as its Common Era year; a Common Era year as it is. */
export const ceYear = (y: number): number => (y > 2400 ? y - BE : y);
const pad = (n: number): string => String(n).padStart(2, "0");

function validDay(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return m >= 1 && m <= 12 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A typed date as YYYY-MM-DD (Common Era): "15/03/2569", "15/3/2026", "2569-03-15", "2026-03-15";
 * "" for an empty field; undefined when it is no date (31/02/2569 included). */
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

/** The month a report is asked for (the CLI's --month, the pane's month field). */
export const parseMonth = typedMonth;

/** "2026-03-15" as the pane (and a Thai run's preview) shows it in `lang`: 15/03/2569 in Thai. */
export function shownDate(iso: string, lang: Lang): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return lang === "th" && m ? `${m[3]}/${m[2]}/${Number(m[1]) + BE}` : iso;
}

/** "2026-03" as the pane shows it in `lang`. */
export function shownMonth(ym: string, lang: Lang): string {
  const m = /^(\d{4})-(\d{2})$/.exec(ym);
  return lang === "th" && m ? `${m[2]}/${Number(m[1]) + BE}` : ym;
}
