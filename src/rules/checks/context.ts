// What a document check is told about the body: its family, structure and operation. Apart from
// document.ts so the checks it runs (arithmetic, lines, withholding) can name it without a circle.
import type { Family } from "../codes";

export type Structure = "simple" | "inline";
export type CheckOperation = "create" | "update" | "upgrade";

export interface DocumentCheckContext {
  family: Family;
  structure: Structure;
  operation: CheckOperation;
  /** The body also carries payment fields (/with-payment paths). */
  withPayment?: boolean;
  /** Compare the totals given with the totals computed from the lines. */
  arithmetic?: boolean;
}
