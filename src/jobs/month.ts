// The month a VAT report is asked for, as the CLI's --month and the pane's month field take it.
// Kept apart from the report so that reading an argument loads nothing else.

/** A month as typed, "YYYY-MM", as its Common Era "YYYY-MM"; a Buddhist-era year (2569-03, as Thai
 * accountants write it) is read as its Common Era year. Undefined when it is not a month. */
export function parseMonth(text: string): string | undefined {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(text.trim());
  if (!m) return undefined;
  const year = Number(m[1]);
  return `${year > 2400 ? year - 543 : year}-${m[2]}`;
}
