// The progress of a long job (post, undo, act, update, pull, VAT report): a bar, and its words
// read out as they change.
import { groupDigits } from "../../sheet/i18n/plural";

/** A label's counts as the pane writes counts ("1,000 of 1,200"), "?" for a total not known yet. */
export const progressCounts = (p: { done: number; total?: number }): { done: string; total: string } =>
  ({ done: groupDigits(p.done), total: p.total === undefined ? "?" : groupDigits(p.total) });

export function Progressbar(props: { done: number; total?: number; label: string }) {
  return (
    <>
      <progress value={props.done} max={props.total ?? undefined} aria-label={props.label} />
      <p class="status" aria-live="polite">{props.label}</p>
    </>
  );
}
