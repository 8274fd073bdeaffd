// What the jobs write into a row's result column and print, by key: English templates with
// {placeholders}, the `results` namespace of the text tables (src/texts, with their Thai), rendered
// in the run's language where shown. Kept in the sheet layer so the translator, below the jobs,
// knows them. Pure.
import { formatMessage, keyed, type ArgsOf, type Message, type PlainKeys } from "../../rules/message";
import { results } from "../../texts/en/results";

export const RESULT_MESSAGES = results;

export type ResultMessageKey = keyof typeof RESULT_MESSAGES;

/** The result messages that take no values. */
export type PlainResultKey = PlainKeys<typeof RESULT_MESSAGES>;

/** The English result text of `key` with its placeholders filled. */
export function resultMessage(key: ResultMessageKey, params: Record<string, string | number> = {}): string {
  return formatMessage(RESULT_MESSAGES[key], params);
}

/** A row's result in a progress line: "INV-1 (row 2): created", or "row 2: created" when the
 * document's key is only its row (a sheet without a key column), not "row 2 (row 2)". */
export function rowResultMsg(key: string, row: number, message: Message): Message {
  return key === `row ${row}` ? resultMsg("rowOnlyResult", { row, message }) : resultMsg("rowResult", { key, row, message });
}

/** The result message of `key` by key, to be rendered where it is shown. */
export function resultMsg<K extends ResultMessageKey>(key: K, ...[params]: ArgsOf<(typeof RESULT_MESSAGES)[K]>): Message {
  return keyed("results", key, RESULT_MESSAGES[key], params ?? {});
}
