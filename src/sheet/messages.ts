// Every message the sheet layer writes, by key: the English templates with {placeholders} are the
// `sheet` namespace of the text tables (src/texts, with their Thai), so texts are never pieced
// together outside them; the translator matches these templates to read text back. Pure.
import { formatMessage, keyed, type ArgsOf, type Message } from "../rules/message";
import { hints } from "../texts/en/hints";
import { sheet } from "../texts/en/sheet";

export const SHEET_MESSAGES = sheet;

export type SheetMessageKey = keyof typeof SHEET_MESSAGES;

/** The message of `key` with its placeholders filled. */
export function sheetMessage(key: SheetMessageKey, params: Record<string, string | number> = {}): string {
  return formatMessage(SHEET_MESSAGES[key], params);
}

/** The message of `key` by key, to be rendered where it is shown. */
export function sheetMsg<K extends SheetMessageKey>(key: K, ...[params]: ArgsOf<(typeof SHEET_MESSAGES)[K]>): Message {
  return keyed("sheet", key, SHEET_MESSAGES[key], params ?? {});
}

/**
 * What to put in a column a finding asks for, where the label alone does not say it (templates
 * like the messages above). Fields without a hint are named by label and key.
 */
export const COLUMN_HINTS: Readonly<Record<string, string>> = hints;
