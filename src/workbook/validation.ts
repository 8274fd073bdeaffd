// Drop-down list sources as Excel writes them, shared by the Office.js and .xlsx hosts.
import { columnLetters } from "./address";
import type { ListRef } from "./port";

/** Excel refuses an inline list longer than 255 characters. */
const INLINE_LIST_MAX = 255;

/** A sheet name as a formula names it: quoted, its quotes doubled. */
function sheetRef(name: string): string {
  return `'${name.replace(/'/g, "''")}'`;
}

/**
 * The source of a drop-down over a list column: its row 2 down to the last filled cell, so lists
 * refreshed to another length need no new validation. No leading "=" (hosts add it where needed).
 */
export function lookupFormula(ref: ListRef): string {
  const col = columnLetters(ref.col);
  const sheet = sheetRef(ref.sheet);
  return `OFFSET(${sheet}!$${col}$2,0,0,MAX(1,COUNTA(${sheet}!$${col}:$${col})-1),1)`;
}

/** An inline list ("a,b,c"), or undefined when it cannot be one: too long, or a value holds a comma. */
export function inlineList(allowed: readonly (string | number)[]): string | undefined {
  if (allowed.length === 0 || allowed.some((v) => String(v).includes(","))) return undefined;
  const list = allowed.map(String).join(",");
  return list.length + 2 <= INLINE_LIST_MAX ? list : undefined;
}
