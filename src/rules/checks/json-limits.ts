// Limits on any JSON body, whatever its kind, fields unknown to the schemas included (bodies are
// loose objects: unknown keys are kept and stored): nesting depth, and text the store cannot keep
// in keys and values. Iterative, so a body nested 10,000 deep cannot exhaust the stack here.
import { finding, type Finding } from "../findings";
import { JSON_DEPTH_MAX } from "../limits";
import { phrase } from "../message";
import { MESSAGES, ruleMsg } from "../messages";
import { UNSTORABLE_TEXT, isStorableText } from "../schemas/wire";
import { labelOf } from "./report";

export const TOO_DEEP = MESSAGES.jsonTooDeep;
/** Enough to show what is wrong without building a long answer for a hostile body. */
const MAX_FINDINGS = 20;

/** A list or object met on the way down; its path is built only for a finding. */
interface Container {
  value: object;
  depth: number;
  parent: Container | null;
  key: string | number;
}

const keysOf = (c: Container | null, last?: string | number): (string | number)[] => {
  const keys: (string | number)[] = last === undefined ? [] : [last];
  for (let at = c; at !== null && at.parent !== null; at = at.parent) keys.push(at.key);
  return keys.reverse();
};

function unstorable(parent: Container, key: string | number): Finding {
  const keys = keysOf(parent, key);
  return finding(keys.join("."), phrase(labelOf(keys), UNSTORABLE_TEXT));
}

export function jsonLimitFindings(body: unknown): Finding[] {
  if (typeof body === "string") return isStorableText(body) ? [] : [finding("", phrase("The request body", UNSTORABLE_TEXT))];
  if (body === null || typeof body !== "object") return [];
  const out: Finding[] = [];
  const stack: Container[] = [{ value: body, depth: 0, parent: null, key: "" }];
  const visit = (parent: Container, key: string | number, child: unknown): void => {
    if (typeof child === "string") {
      if (!isStorableText(child)) out.push(unstorable(parent, key));
    } else if (child !== null && typeof child === "object") {
      stack.push({ value: child, depth: parent.depth + 1, parent, key });
    }
  };
  while (stack.length > 0 && out.length < MAX_FINDINGS) {
    const container = stack.pop()!;
    if (container.depth >= JSON_DEPTH_MAX) return [finding("", ruleMsg("jsonTooDeep"))];
    const { value } = container;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length && out.length < MAX_FINDINGS; i++) visit(container, i, value[i]);
      continue;
    }
    for (const key of Object.keys(value)) {
      if (out.length >= MAX_FINDINGS) break;
      if (!isStorableText(key)) out.push(finding(keysOf(container).join("."), phrase("A field name", UNSTORABLE_TEXT)));
      visit(container, key, (value as Record<string, unknown>)[key]);
    }
  }
  return out;
}
