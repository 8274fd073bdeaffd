// The Thai texts of namespace phrases: en/phrases.ts's twin, same keys and same {placeholders}, the
// field where Thai puts it.
import type { phrases as en } from "../en/phrases";
import type { Same } from "../same";

/** The field phrases of the shared schemas (sheet/i18n/phrases.ts). */
export const phrases: Same<typeof en> = {
  required: "ต้องระบุ{field}",
  number: "{field} ต้องเป็นตัวเลข",
  outOfRange: "{field} ต้องเป็นตัวเลขที่มากกว่า -{max} และน้อยกว่า {max}",
  whole: "{field} ต้องเป็นจำนวนเต็ม",
  wholeFromTo: "{field} ต้องเป็นจำนวนเต็มตั้งแต่ {min} ถึง {max}",
  wholeOrCode: "{field} ต้องเป็นจำนวนเต็มหรือรหัส",
  boolean: "{field} ต้องเป็น TRUE หรือ FALSE",
  text: "{field} ต้องเป็นข้อความ",
  date: "{field} ต้องเป็นวันที่ในรูปแบบ YYYY-MM-DD",
  realDate: "{field} ต้องเป็นวันที่ที่มีอยู่จริงในรูปแบบ YYYY-MM-DD",
  object: "{field} ต้องเป็นออบเจกต์",
  list: "{field} ต้องเป็นรายการ (list)",
  lines: "{field} ต้องเป็นรายการสินค้า (list)",
  nullOrEmpty: "{field} ต้องเป็น null หรือรายการว่าง",
  unstorable: "{field} ต้องไม่มีอักขระควบคุม เช่น NUL (U+0000) นอกจากแท็บและการขึ้นบรรทัดใหม่ หรืออักขระที่เสีย (unpaired surrogates)",
  maxChars: "{field} ต้องยาวไม่เกิน {max} ตัวอักษร",
  maxEntries: "{field} ต้องมีไม่เกิน {max} รายการ",
  oneOf: "{field} ต้องเป็นหนึ่งใน {values}",
  positive: "{field} ต้องมากกว่า 0",
  accountCode: "{field} ต้องเป็นรหัสบัญชี",
  emails: "{field} ต้องเป็นอีเมลที่คั่นด้วยเครื่องหมายจุลภาค",
  culture: '{field} ต้องเป็น "th" หรือ "en"',
  atLeastOneFile: "{field} ต้องมีอย่างน้อยหนึ่งไฟล์",
  attachments: "{field} ต้องเป็นไฟล์แนบหรือรายการไฟล์แนบ",
  atLeastOneLine: "{field} ต้องมีอย่างน้อยหนึ่งรายการ",
  debitAndCredit: "{field} ต้องมีแถวเดบิตและแถวเครดิตอย่างน้อยอย่างละหนึ่งแถว",
};
