// A finding as the command line says it: the sheet's messages name the task pane's Columns section
// for mapping a column; printed by the CLI they name `docsheet map` and --mapping instead. Pure.
import { isMessageList, type Message, type Param } from "../rules/message";
import { SHEET_MESSAGES } from "../sheet/messages";

/** Sheet message keys → their command-line wording (same placeholders). */
const CLI_WORDING: ReadonlyMap<string, keyof typeof SHEET_MESSAGES> = new Map([
  ["sheet.unknownHeader", "unknownHeaderCli"],
  ["sheet.unknownHeaderGuess", "unknownHeaderGuessCli"],
  ["sheet.vatUndecided", "vatUndecidedCli"],
] as const);

/** `msg` with every message in it that has a command-line wording put in that wording. */
export function commandLineWords(msg: Message): Message {
  const cli = CLI_WORDING.get(msg.key);
  const params = Object.fromEntries(Object.entries(msg.params).map(([k, v]) => [k, inner(v)]));
  return cli ? { ...msg, key: `sheet.${cli}`, params } : { ...msg, params };
}

function inner(v: Param): Param {
  if (typeof v === "string" || typeof v === "number") return v;
  return isMessageList(v) ? v.map(commandLineWords) : commandLineWords(v);
}
