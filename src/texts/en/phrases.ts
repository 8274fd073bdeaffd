// The English texts of namespace phrases (src/texts/en: one table, a file per namespace so a bundle
// takes only what it shows; th/phrases.ts is its Thai twin).
import { OUT_OF_RANGE, UNSTORABLE } from "../lists";

/** The field phrases of the shared schemas after their field (sheet/i18n/phrases.ts): what follows
 * "{field} " is the phrase as the schemas write it, read back from their text, with {placeholders}
 * for the numbers it carries. */
export const phrases = {
  required: "{field} is required",
  number: "{field} must be a number",
  outOfRange: `{field} ${OUT_OF_RANGE}`,
  whole: "{field} must be a whole number",
  wholeFromTo: "{field} must be a whole number from {min} to {max}",
  wholeOrCode: "{field} must be a whole number or a code",
  boolean: "{field} must be true or false",
  text: "{field} must be text",
  date: "{field} must be a date written YYYY-MM-DD",
  realDate: "{field} must be a real date written YYYY-MM-DD",
  object: "{field} must be an object",
  list: "{field} must be a list",
  lines: "{field} must be a list of lines",
  nullOrEmpty: "{field} must be null or an empty list",
  unstorable: `{field} ${UNSTORABLE}`,
  maxChars: "{field} must be at most {max} characters",
  maxEntries: "{field} must have at most {max} entries",
  oneOf: "{field} must be one of {values}",
  positive: "{field} must be greater than 0",
  accountCode: "{field} must be an account code",
  emails: "{field} must be e-mail addresses separated by commas",
  culture: '{field} must be "th" or "en"',
  atLeastOneFile: "{field} must contain at least one file",
  attachments: "{field} must be an attachment object or a list of them",
  atLeastOneLine: "{field} must contain at least one line",
  debitAndCredit: "{field} must contain at least one debit and one credit row",
};
