// Small pieces every section uses: a collapsible section, a message line, and a task runner that
// keeps busy/progress/error state and can cancel.
import { createContext, type ComponentChildren } from "preact";
import { useContext, useEffect, useRef, useState } from "preact/hooks";
import type { Progress } from "../jobs/types";
import type * as Errors from "./errors";
import type { Translate } from "./i18n";

declare const __webpack_require__: unknown;

/** A failure in the user's words. The describer (with the translator of the service's messages)
 * is not needed for the first paint: it comes in a chunk of its own, with the first failure at the
 * latest. Under jest it is simply required. */
async function describeFailure(err: unknown, t: Translate): Promise<string> {
  const errors = typeof __webpack_require__ === "function"
    ? ((await import(/* webpackChunkName: "errors" */ "./errors" as string)) as typeof Errors)
    : (require("./errors") as typeof Errors);
  return errors.describeError(err, t);
}

export function Section(props: { id: string; title: string; open?: boolean; children: ComponentChildren }) {
  return (
    <details id={props.id} open={props.open}>
      <summary>{props.title}</summary>
      <div class="body">{props.children}</div>
    </details>
  );
}

export type Tone = "error" | "ok" | "info";

export function Message(props: { tone: Tone; text: string | null }) {
  if (!props.text) return null;
  return <p class={`msg ${props.tone}`} role={props.tone === "error" ? "alert" : "status"}>{props.text}</p>;
}

export interface Task<T> {
  busy: boolean;
  progress: Progress | null;
  error: string | null;
  result: T | null;
  /** The result came back from a job the user cancelled (it says what was done before it stopped). */
  cancelled: boolean;
  run(work: (ctx: { signal: AbortSignal; onProgress: (p: Progress) => void }) => Promise<T>): Promise<void>;
  cancel(): void;
  reset(): void;
}

/** Progress shown at most this often: a post of 1,000 documents reports each one, and drawing each
 * (the section, the page's layout) cost the page more than the documents did. Four times a second
 * still reads as live; ten made the frames' layout and paint a sixth of the page's work in a post. */
const PROGRESS_EVERY_MS = 250;

/** Runs one job at a time; every failure becomes a message in the user's language, never a crash. */
export function useTask<T>(t: Translate): Task<T> {
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<T | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const controller = useRef<AbortController | null>(null);
  // The latest progress, drawn at once when the last was drawn long enough ago, else a little later.
  const pending = useRef<{ latest: Progress | null; shownAt: number; timer?: ReturnType<typeof setTimeout> }>({ latest: null, shownAt: 0 });
  const showProgress = (p: Progress): void => {
    const q = pending.current;
    q.latest = p;
    if (q.timer !== undefined) return;
    const wait = q.shownAt + PROGRESS_EVERY_MS - Date.now();
    const show = () => {
      q.timer = undefined;
      q.shownAt = Date.now();
      setProgress(q.latest);
    };
    if (wait <= 0) show();
    else q.timer = setTimeout(show, wait);
  };
  const dropProgress = (): void => {
    clearTimeout(pending.current.timer);
    pending.current.timer = undefined;
  };
  return {
    busy, progress, error, result, cancelled,
    async run(work) {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setBusy(true);
      setError(null);
      setResult(null);
      setCancelled(false);
      dropProgress();
      pending.current.latest = null;
      setProgress(null);
      try {
        const value = await work({ signal: abort.signal, onProgress: showProgress });
        // A job that stops on cancel answers what it did before it stopped: that is shown too.
        if (controller.current === abort) {
          setResult(value);
          setCancelled(abort.signal.aborted);
        }
      } catch (err) {
        setError(abort.signal.aborted ? t("cancelled") : await describeFailure(err, t));
      } finally {
        if (controller.current === abort) controller.current = null;
        dropProgress();
        if (pending.current.latest) setProgress(pending.current.latest);
        setBusy(false);
      }
    },
    cancel() {
      controller.current?.abort();
    },
    reset() {
      dropProgress();
      setError(null);
      setResult(null);
      setCancelled(false);
      setProgress(null);
    },
  };
}

/** The sheet active in the workbook as the pane was last told (null: the host does not tell). */
export const ActiveSheet = createContext<string | null>(null);

/** Drops a task's result (or its error) once it no longer speaks of what the pane shows: another
 * family picked, or another sheet active than the one(s) the result is of (`sheetOf`). A task still
 * running carries on; a job that opens a sheet of its own (a pull, a template) keeps its result. */
export function useResultScope<T>(task: Task<T>, family: string, sheetOf?: (result: T) => string | readonly string[] | undefined): void {
  const sheet = useContext(ActiveSheet);
  const seen = useRef({ family, sheet });
  useEffect(() => {
    const before = seen.current;
    seen.current = { family, sheet };
    if (task.busy || (family === before.family && sheet === before.sheet)) return;
    const r = task.result;
    const ofSheet = r === null ? [] : [sheetOf?.(r) ?? []].flat();
    const elsewhere = sheet !== null && sheet !== before.sheet && (r === null ? task.error !== null : sheetOf !== undefined && !ofSheet.includes(sheet));
    if (family !== before.family || elsewhere) task.reset();
  }, [family, sheet]);
}
