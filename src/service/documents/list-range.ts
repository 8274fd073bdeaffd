// The date interval of a list query's range (0 all, 1 current month, 3 previous month, 5 date
// range, 7 current year, 9 previous year, 15 fiscal year). month / year name the month or year the
// range counts from (default: today); Buddhist-era years (2569) are read as 2026. The fiscal year
// is the calendar year (the local companies have no other fiscal year set).
import { RANGE } from "../../rules/codes";
import { ruleMsg } from "../../rules/messages";
import { finding, type Finding } from "../../rules/findings";
import { serviceText } from "../../rules/message";
import { daysInMonth, isoOf } from "../../rules/calendar";

export interface DateInterval {
  from?: string;
  to?: string;
}

const iso = isoOf;
const lastDay = daysInMonth;
const monthInterval = (y: number, m: number): DateInterval => ({ from: iso(y, m, 1), to: iso(y, m, lastDay(y, m)) });
const yearInterval = (y: number): DateInterval => ({ from: iso(y, 1, 1), to: iso(y, 12, 31) });

export const MONTH_VALUE = "month must be a whole number from 1 to 12";
export const YEAR_VALUE = "year must be a four-digit year";

/** Today's date (local time of the service) as YYYY-MM-DD. */
export function today(now = new Date()): string {
  return iso(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

export function rangeInterval(
  q: { range?: number; month?: string; year?: string; startDate?: string; endDate?: string },
  now = new Date(),
): { interval: DateInterval; findings: Finding[] } {
  const findings: Finding[] = [];
  let year = now.getFullYear();
  let month = now.getMonth() + 1;
  if (q.year !== undefined && q.year.trim() !== "") {
    const y = Number(q.year.trim());
    if (!/^\d{4}$/.test(q.year.trim())) findings.push(finding("year", serviceText(YEAR_VALUE)));
    else year = y > 2400 ? y - 543 : y;
  }
  if (q.month !== undefined && q.month.trim() !== "") {
    const m = Number(q.month.trim());
    if (!/^\d{1,2}$/.test(q.month.trim()) || m < 1 || m > 12) findings.push(finding("month", serviceText(MONTH_VALUE)));
    else month = m;
  }
  if (findings.length > 0) return { interval: {}, findings };
  switch (q.range ?? RANGE.All) {
    case RANGE.CurrentMonth: return { interval: monthInterval(year, month), findings };
    case RANGE.PreviousMonth: return { interval: month === 1 ? monthInterval(year - 1, 12) : monthInterval(year, month - 1), findings };
    case RANGE.CurrentYear:
    case RANGE.FiscalYear: return { interval: yearInterval(year), findings };
    case RANGE.PreviousYear: return { interval: yearInterval(year - 1), findings };
    case RANGE.DateRange: {
      if (!q.startDate || !q.endDate) return { interval: {}, findings: [finding("startDate", ruleMsg("dateRangeNeedsDates"))] };
      if (q.startDate > q.endDate) return { interval: {}, findings: [finding("startDate", ruleMsg("dateRangeOrder"))] };
      return { interval: { from: q.startDate, to: q.endDate }, findings };
    }
    default: return { interval: {}, findings };
  }
}
