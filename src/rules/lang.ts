// The languages everything a user reads comes in: English and Thai. Here in rules, below every
// layer that speaks (the workbook reader's refusals among them).
export type Lang = "en" | "th";

export const LANGS: readonly Lang[] = ["en", "th"];

export function isLang(value: unknown): value is Lang {
  return value === "en" || value === "th";
}
