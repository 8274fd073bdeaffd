// Undo after a post: the Undo button first asks the undo job for a dry run and shows what would
// happen (to delete, to void, left as they are, each row with its reason); "Undo now" then reverses
// the post, and the rows say what became of each document.
import { useState } from "preact/hooks";
import type { SheetFamily } from "../../rules/codes";
import { groupDigits } from "../../sheet/i18n/plural";
import { helpFor, recordLabel } from "./family-words";
import type { Lang, Translate } from "../i18n";
import type { PaneServices, UndoView } from "../views";
import { Message, useTask } from "../ui";
import { Progressbar, progressCounts } from "./progressbar";
import { RowNotes } from "./rows";

/** "2 voided, 1 left as it is": the counts there are, in the pane's words. */
export function undoSummary(t: Translate, v: UndoView): string {
  const c = v.counts;
  const parts: [number, Parameters<Translate>[0]][] = [
    [c.deleted, v.dryRun ? "undoWouldDelete" : "undoDeleted"], [c.voided, v.dryRun ? "undoWouldVoid" : "undoVoided"],
    [c.gone, "undoGone"], [c.kept, "undoKept"], [c.refused, "undoRefused"], [c.failed, "undoFailed"],
  ];
  const shown = parts.filter(([n]) => n > 0).map(([n, key]) => t(key, { n: groupDigits(n) }));
  return shown.length > 0 ? shown.join(", ") : t("undoNothing");
}

function when(iso: string, lang: Lang): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(lang === "th" ? "th-TH" : "en-GB", { dateStyle: "medium", timeStyle: "short" });
}

export function UndoControl(props: { t: Translate; lang: Lang; services: PaneServices; family: SheetFamily; connected: boolean }) {
  const { t, lang, services } = props;
  const task = useTask<UndoView>(t);
  const [dry, setDry] = useState(true);
  const undo = services.undo;
  const v = task.result;
  const preview = v?.dryRun && !task.cancelled ? v : null;
  const willChange = preview ? preview.counts.deleted + preview.counts.voided + preview.counts.gone > 0 : false;
  const run = (dryRun: boolean) => {
    setDry(dryRun);
    return task.run((ctx) => undo(props.family, { ...ctx, lang, dryRun }));
  };
  return (
    <div class="undo">
      <p class="help">{helpFor(t, lang, props.family, "undoHelp")}</p>
      <button type="button" disabled={!props.connected || task.busy || preview !== null} onClick={() => void run(true)}>{t("undoPost")}</button>
      {task.busy && <button type="button" onClick={task.cancel}>{t("cancel")}</button>}
      {task.busy && (!dry && task.progress
        ? <Progressbar done={task.progress.done} total={task.progress.total} label={t("undoing", progressCounts(task.progress))} />
        : <p class="status" aria-live="polite">{t("undoLooking")}</p>)}
      {preview && (
        <div class="confirm" role="alertdialog" aria-labelledby="ds-undo-text">
          <p id="ds-undo-text">{t("undoPreview", { when: when(preview.postedAt, lang), summary: undoSummary(t, preview) })}</p>
          {willChange && <button class="danger" type="button" onClick={() => void run(false)}>{t("undoNow")}</button>}
          <button type="button" ref={(b) => b?.focus()} onClick={task.reset}>{t("undoKeep")}</button>
        </div>
      )}
      <Message tone="error" text={task.error} />
      <Message tone={v && v.counts.kept + v.counts.refused + v.counts.failed > 0 ? "error" : "ok"}
        text={v && !v.dryRun ? t(task.cancelled ? "undoCancelled" : "undoDone", { summary: undoSummary(t, v) }) : null} />
      <Message tone="info" text={v?.contacts ?? null} />
      <RowNotes t={t} services={services} sheet={v?.sheet} rows={v?.rows} labelOf={(n) => recordLabel(t, lang, props.family, n)} />
    </div>
  );
}
