// Calendar dates as the wire writes them (YYYY-MM-DD, years 0001 to 9999). JavaScript's Date takes
// a year from 0 to 99 as 1900 to 1999, so a due date 30 days after 0001-01-01 came out as
// 1901-01-31: dates are built with setUTCFullYear, which takes the year as given.

const pad = (n: number, width = 2): string => String(n).padStart(width, "0");

/** y-m-d (month 1-12; a day past the month's end rolls over) as a UTC Date, the year as given. */
function utc(y: number, m: number, d: number): Date {
  const t = new Date(0);
  t.setUTCFullYear(y, m - 1, d);
  return t;
}

/** YYYY-MM-DD of year, month (1-12) and day. */
export const isoOf = (y: number, m: number, d: number): string => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

/** The number of days of a month (1-12). */
export const daysInMonth = (y: number, m: number): number => utc(y, m + 1, 0).getUTCDate();

/** date + days, as YYYY-MM-DD. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  const t = utc(y, m, d + days);
  return isoOf(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}
