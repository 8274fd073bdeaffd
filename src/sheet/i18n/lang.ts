// The languages everything a user reads comes in: English and Thai.
export type Lang = "en" | "th";

export const LANGS: readonly Lang[] = ["en", "th"];

export function isLang(value: unknown): value is Lang {
  return value === "en" || value === "th";
}
