// The field phrases of the shared schemas ("must be a number", "is required"): the rules put a
// field's name in front of them (checks/report.ts zodFindings), so a message is "{field} {phrase}".
// English as the schemas write them, with {placeholders} for the numbers they carry; Thai with the
// field where Thai puts it. Pure.
import { FIELD_PHRASES } from "../../rules/messages";

type Phrase = { en: string; th: string };

const p = (en: string, th: string): Phrase => ({ en, th });

// The schemas' numbers ("below 1,000,000,000,000") are placeholders here, so one phrase covers
// every limit.
const outOfRange = FIELD_PHRASES.outOfRange.replace(/-?[\d,]{5,}/g, (m) => (m.startsWith("-") ? "-{max}" : "{max}"));

export const PHRASES: readonly Phrase[] = [
  p("is required", "ต้องระบุ{field}"),
  p("must be a number", "{field} ต้องเป็นตัวเลข"),
  p(outOfRange, "{field} ต้องเป็นตัวเลขที่มากกว่า -{max} และน้อยกว่า {max}"),
  p("must be a whole number", "{field} ต้องเป็นจำนวนเต็ม"),
  p("must be a whole number from {min} to {max}", "{field} ต้องเป็นจำนวนเต็มตั้งแต่ {min} ถึง {max}"),
  p("must be a whole number or a code", "{field} ต้องเป็นจำนวนเต็มหรือรหัส"),
  p("must be true or false", "{field} ต้องเป็น TRUE หรือ FALSE"),
  p("must be text", "{field} ต้องเป็นข้อความ"),
  p("must be a date written YYYY-MM-DD", "{field} ต้องเป็นวันที่ในรูปแบบ YYYY-MM-DD"),
  p("must be a real date written YYYY-MM-DD", "{field} ต้องเป็นวันที่ที่มีอยู่จริงในรูปแบบ YYYY-MM-DD"),
  p("must be an object", "{field} ต้องเป็นออบเจกต์"),
  p("must be a list", "{field} ต้องเป็นรายการ (list)"),
  p("must be a list of lines", "{field} ต้องเป็นรายการสินค้า (list)"),
  p("must be null or an empty list", "{field} ต้องเป็น null หรือรายการว่าง"),
  p(FIELD_PHRASES.unstorable, "{field} ต้องไม่มีอักขระ NUL (U+0000) หรืออักขระที่เสีย (unpaired surrogates)"),
  p("must be at most {max} characters", "{field} ต้องยาวไม่เกิน {max} ตัวอักษร"),
  p("must have at most {max} entries", "{field} ต้องมีไม่เกิน {max} รายการ"),
  p("must be one of {values}", "{field} ต้องเป็นหนึ่งใน {values}"),
  p("must be greater than 0", "{field} ต้องมากกว่า 0"),
  p("must be an account code", "{field} ต้องเป็นรหัสบัญชี"),
  p("must be e-mail addresses separated by commas", "{field} ต้องเป็นอีเมลที่คั่นด้วยเครื่องหมายจุลภาค"),
  p('must be "th" or "en"', '{field} ต้องเป็น "th" หรือ "en"'),
  p("must contain at least one file", "{field} ต้องมีอย่างน้อยหนึ่งไฟล์"),
  p("must be an attachment object or a list of them", "{field} ต้องเป็นไฟล์แนบหรือรายการไฟล์แนบ"),
  p("must contain at least one line", "{field} ต้องมีอย่างน้อยหนึ่งรายการ"),
  p("must contain at least one debit and one credit row", "{field} ต้องมีแถวเดบิตและแถวเครดิตอย่างน้อยอย่างละหนึ่งแถว"),
];

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Each phrase as a pattern catching its numbers, the most words of its own first. */
const PATTERNS: readonly { index: number; regex: RegExp }[] = PHRASES.map((p, index) => {
  const seen = new Set<string>();
  const pattern = escape(p.en).replace(/\\\{(\w+)\\\}/g, (_, name: string) => {
    if (seen.has(name)) return `\\k<${name}>`;
    seen.add(name);
    return `(?<${name}>.+?)`;
  });
  return { index, regex: new RegExp(`^${pattern}$`, "u"), weight: p.en.replace(/\{\w+\}/g, "").length };
}).sort((a, b) => b.weight - a.weight);

/** Which phrase a schema's error text is, with the numbers it carries ("must be at most 7
 * characters" → max 7): the schemas write their phrases out, so their words are read back here. */
export function phraseOf(words: string): { index: number; params: Record<string, string> } | undefined {
  for (const { index, regex } of PATTERNS) {
    const m = regex.exec(words);
    if (m) return { index, params: { ...m.groups } };
  }
  return undefined;
}
