// Amounts as accountants read them: thousands separators and two decimals ("1,190.00"), in the
// pane's language (th-TH keeps Arabic digits, as Thai accounting documents do).
import type { Lang } from "./i18n";

const FORMATS = new Map<Lang, Intl.NumberFormat>();

function format(lang: Lang): Intl.NumberFormat {
  let f = FORMATS.get(lang);
  if (!f) FORMATS.set(lang, (f = new Intl.NumberFormat(lang === "th" ? "th-TH" : "en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })));
  return f;
}

/** "1190" → "1,190.00"; blank stays blank; text that is not a number is shown as it is. */
export function formatMoney(value: string | number | null | undefined, lang: Lang): string {
  if (value === null || value === undefined || String(value).trim() === "") return "";
  const n = typeof value === "number" ? value : Number(String(value).replace(/,/g, ""));
  return Number.isFinite(n) ? format(lang).format(n) : String(value);
}
