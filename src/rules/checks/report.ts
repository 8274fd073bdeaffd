// Turning zod issues into findings, and running a check so that it never throws and never
// repeats itself.
import type * as z from "zod/mini";
import { finding, type Finding } from "../findings";
import { MESSAGES, ruleMsg, type MessageKey, type PlainKey } from "../messages";
import { phrase, type Message } from "../message";
import { quickAccept } from "./quick-accept";

/** How a message names the field at a path: its key, or "Line 3" for a line. */
export function labelOf(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "The request body";
  const last = path[path.length - 1];
  if (typeof last === "number") {
    const parent = path.length > 1 ? String(path[path.length - 2]) : "";
    return parent === "items" ? `Line ${last + 1}` : `${parent || "Entry"} ${last + 1}`;
  }
  return String(last);
}

/** A schema's error text as a message: a rule's by its key, a field phrase after the field's name. */
function schemaMessage(label: string, text: string): Message {
  const phrased = /^(must|is) /.test(text);
  const key = RULE_BY_TEXT.get(phrased ? `${label} ${text}` : text);
  if (key) return ruleMsg(key);
  return phrased ? phrase(label, text) : phrase("", text);
}

/** The rules' messages that take no values, by their text (the schemas give them as error texts). */
const RULE_BY_TEXT: ReadonlyMap<string, PlainKey> = new Map(
  (Object.keys(MESSAGES) as MessageKey[]).filter((k): k is PlainKey => !/\{\w+\}/.test(MESSAGES[k])).map((k) => [MESSAGES[k], k]),
);

/** Findings of a failed zod parse; field phrases ("must be a number") get the field name in front. */
export function zodFindings(issues: readonly z.core.$ZodIssue[], prefix = ""): Finding[] {
  const out: Finding[] = [];
  for (const issue of issues) {
    const path = [prefix, ...issue.path.map(String)].filter((s) => s !== "").join(".");
    out.push(finding(path, schemaMessage(labelOf(issue.path), issue.message)));
  }
  return out;
}

export function schemaFindings(schema: z.ZodMiniType, body: unknown): Finding[] {
  if (quickAccept(schema, body)) return [];
  const result = schema.safeParse(body);
  return result.success ? [] : zodFindings(result.error.issues);
}

/** Removes repeated findings (same path and message), keeping the first. */
function unique(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.path}\u0000${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Runs a check; an unexpected exception becomes a finding instead of reaching the caller. */
export function guarded(run: () => Finding[]): Finding[] {
  try {
    return unique(run());
  } catch (err) {
    return [finding("", ruleMsg("bodyUnchecked", { error: err instanceof Error ? err.message : String(err) }))];
  }
}
