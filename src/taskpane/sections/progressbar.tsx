// The progress of a long job (post, undo, act, update, pull, VAT report): a bar, and its words
// read out as they change.
export function Progressbar(props: { done: number; total?: number; label: string }) {
  return (
    <>
      <progress value={props.done} max={props.total ?? undefined} aria-label={props.label} />
      <p class="status" aria-live="polite">{props.label}</p>
    </>
  );
}
