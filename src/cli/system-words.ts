// What the system said when a file could not be read or written (a full disk, a folder not there),
// in the run's language, the system's code after it in brackets: "ดิสก์เต็ม [ENOSPC]" (the words are
// sheet/i18n/system.ts's, which the jobs' results use too). A reader's refusal (read-words.ts) is
// said in the run's language too. Pure.
import type { Lang } from "../sheet/i18n/lang";
import { readMessageOf, readText } from "../workbook/read-words";
import { systemCode, systemText } from "../sheet/i18n/system";

/** `err` said in `lang`: a reader's refusal by its key, a system error by its code. */
export function errorText(err: unknown, lang: Lang): string {
  const read = readMessageOf(err);
  if (read) return readText(read, lang);
  const message = err instanceof Error ? err.message : String(err);
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return systemText(message, typeof code === "string" ? systemCode(err) : undefined, lang);
}

/** `err` in each language, for a message put together where the run's language is chosen. */
export function errorTexts(err: unknown): Record<Lang, string> {
  return { en: errorText(err, "en"), th: errorText(err, "th") };
}
