// What a job read, in a few characters: the pane's Update keeps it from its preview and sends only
// when the same rows of the same sheet read the same (their place and every value). Pure.
import type { Block } from "../workbook/port";
import { fnv1a, hex } from "./fingerprint";

export function blockDigest(block: Block): string {
  const text = JSON.stringify([block.sheet, block.top, block.left, block.values]);
  return `${hex(fnv1a(text, 0x811c9dc5), 8)}${hex(fnv1a(text, 0x2f5a3c91), 8)}.${text.length}`;
}
