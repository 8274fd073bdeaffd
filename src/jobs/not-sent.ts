// What a row with problems says instead of being sent: its first three problems at their cells,
// and how many more. Pure.
import { at, type Message } from "../rules/message";
import type { CellFinding } from "../sheet/findings";
import { resultMsg } from "../sheet/i18n/results";

export function notSent(problems: readonly CellFinding[]): Message {
  const reason = problems.length > 0 ? problems.slice(0, 3).map((f) => at(f.cell, f.msg)) : resultMsg("cellUnreadable");
  const more = problems.length - 3;
  return more > 0 ? resultMsg("notSentMore", { reason, more }) : resultMsg("notSent", { reason });
}
