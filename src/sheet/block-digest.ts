// What a job read, in a few characters: the pane's Update keeps it from its preview and sends only
// when the same rows of the same sheet read the same (their place, the header row, and every value
// of `columns`: the ones that name a field, so a column of the user's own, a formula recalculated,
// does not count). Pure.
import type { Block } from "../workbook/port";
import { fnv1a, hex } from "./fingerprint";

export function blockDigest(block: Block, columns?: readonly number[]): string {
  const rows = columns ? block.values.map((r, i) => (i === 0 ? r : columns.map((c) => r[c - block.left] ?? null))) : block.values;
  const text = JSON.stringify([block.sheet, block.top, block.left, block.values.length, rows]);
  return `${hex(fnv1a(text, 0x811c9dc5), 8)}${hex(fnv1a(text, 0x2f5a3c91), 8)}.${text.length}`;
}
