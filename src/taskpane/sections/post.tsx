// Post: creates the documents of the rows, with a progress bar and cancel; results go into the sheet.
import type { DocumentFamily } from "../../rules/codes";
import { groupDigits } from "../../sheet/i18n/plural";
import type { Lang, Translate } from "../i18n";
import type { PaneServices, PostView } from "../views";
import { Message, Section, useResultScope, useTask } from "../ui";
import { FindingList } from "./check";
import { RowNotes } from "./rows";
import { Progressbar, progressCounts } from "./progressbar";
import { UndoControl } from "./undo";

/** "3 created, 1 already posted": created always, the other counts when there are any. */
export function postSummary(t: Translate, r: PostView): string {
  const parts: ["found" | "skipped" | "notSent" | "failed" | "unknown" | "warnings", Parameters<Translate>[0]][] = [
    ["found", "postFound"], ["skipped", "postSkipped"], ["notSent", "postNotSent"], ["failed", "postFailed"], ["unknown", "postUnknown"],
    ["warnings", "postWarnings"],
  ];
  return [t("postCreated", { n: groupDigits(r.created) }), ...parts.filter(([k]) => r[k] > 0).map(([k, key]) => t(key, { n: groupDigits(r[k]) }))].join(", ");
}

/** Red when a document was not made or its fate is unknown; green only when something was created
 * (or found created): "0 created" is never shown as a success. */
export function postTone(r: PostView): "error" | "info" | "ok" {
  if (r.failed + r.unknown + r.notSent > 0 || (r.findings > 0 && r.created + r.found === 0)) return "error";
  return r.created + r.found > 0 ? "ok" : "info";
}

export function PostSection(props: { t: Translate; lang: Lang; services: PaneServices; family: DocumentFamily; connected: boolean }) {
  const { t, lang, services } = props;
  const task = useTask<PostView>(t);
  useResultScope(task, props.family, (r) => r.sheet);
  const post = services.post;
  const r = task.result;
  return (
    <Section id="post" title={t("post")}>
      <p class="help">{t("postHelp")}</p>
      <button class="primary" type="button" disabled={!props.connected || task.busy}
        onClick={() => task.run((ctx) => post(props.family, { ...ctx, lang }))}>{t("runPost")}</button>
      {task.busy && <button type="button" onClick={task.cancel}>{t("cancel")}</button>}
      {task.busy && task.progress && (
        <Progressbar done={task.progress.done} total={task.progress.total} label={t("posting", progressCounts(task.progress))} />
      )}
      <Message tone="info" text={!props.connected ? t("needConnection") : null} />
      <Message tone="error" text={task.error} />
      <Message tone={!r || task.cancelled ? "info" : postTone(r)}
        text={r ? (task.cancelled ? t("postCancelled", { summary: postSummary(t, r) }) : postSummary(t, r)) : null} />
      {r?.marked && <FindingList t={t} lang={lang} services={services} findings={r.marked} label={t("postMarked")} />}
      <RowNotes t={t} services={services} sheet={r?.sheet} rows={r?.rows} />
      {r && !task.busy && r.created + r.found > 0 && <UndoControl t={t} lang={lang} services={services} family={props.family} connected={props.connected} />}
    </Section>
  );
}
