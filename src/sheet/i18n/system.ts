// What the system said when a file could not be written (a full disk), in the reader's language:
// in Thai the system's code in brackets after the words ("ดิสก์เต็ม [ENOSPC]"); English keeps the
// system's own message, which already starts with its code. Pure: the jobs' results (a post's save
// that failed) and the command line's messages say it alike.
import type { Lang } from "./lang";
import { system as th } from "../../texts/th/system";

/** A system error's code (ENOSPC), from the error or from the start of its message. */
export function systemCode(err: unknown): string | undefined {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (typeof code === "string") return /^E[A-Z0-9]+$/.test(code) ? code : undefined;
  return /^(E[A-Z0-9]+):/.exec(err instanceof Error ? err.message : String(err))?.[1];
}

/** `message`, what the system said of the error whose code is `code`, in `lang`. */
export function systemText(message: string, code: string | undefined, lang: Lang): string {
  if (lang === "en" || code === undefined) return message;
  return `${(th as Readonly<Record<string, string>>)[code] ?? th.other} [${code}]`;
}
