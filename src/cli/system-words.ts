// What the system said when a file could not be read or written (a full disk, a folder not there),
// in the run's language, the system's code after it in brackets: "ดิสก์เต็ม [ENOSPC]". English keeps
// the system's own message, which already starts with its code. A reader's refusal (read-words.ts)
// is said in the run's language too. Pure.
import type { Lang } from "../sheet/i18n/lang";
import { readMessageOf, readText } from "../workbook/read-words";

export const SYSTEM_WORDS: Record<string, string> = {
  ENOSPC: "ดิสก์เต็ม",
  EDQUOT: "ใช้พื้นที่ดิสก์ครบโควตาแล้ว",
  EACCES: "ไม่มีสิทธิ์เขียน",
  EPERM: "ไม่มีสิทธิ์เขียน",
  EROFS: "ดิสก์นี้อ่านได้อย่างเดียว",
  ENOENT: "ไม่พบไฟล์หรือโฟลเดอร์",
  EISDIR: "เป็นโฟลเดอร์ ไม่ใช่ไฟล์",
  EBUSY: "ไฟล์กำลังถูกใช้งานอยู่",
  EMFILE: "เปิดไฟล์พร้อมกันมากเกินไป",
  EIO: "อ่านหรือเขียนดิสก์ไม่ได้",
  EFBIG: "ไฟล์ใหญ่เกินกว่าที่ดิสก์รับได้",
};

/** `err` said in `lang`: a reader's refusal by its key, a system error by its code. */
export function errorText(err: unknown, lang: Lang): string {
  const read = readMessageOf(err);
  if (read) return readText(read, lang);
  const message = err instanceof Error ? err.message : String(err);
  if (lang === "en") return message;
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (typeof code !== "string" || !/^E[A-Z0-9]+$/.test(code)) return message;
  return `${SYSTEM_WORDS[code] ?? "ระบบแจ้งข้อผิดพลาด"} [${code}]`;
}

/** `err` in each language, for a message put together where the run's language is chosen. */
export function errorTexts(err: unknown): Record<Lang, string> {
  return { en: errorText(err, "en"), th: errorText(err, "th") };
}
