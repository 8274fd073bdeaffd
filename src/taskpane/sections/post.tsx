// Post: creates the records of the rows (documents, certificates, vouchers, contacts, products),
// with a progress bar and cancel; results go into the sheet. Vouchers may be saved as drafts (the
// family's card says which families have drafts).
import { useState } from "preact/hooks";
import type { SheetFamily } from "../../rules/codes";
import { familyCard } from "../../families/cards";
import { groupDigits } from "../../sheet/i18n/plural";
import { helpFor, recordLabel, recordsOf } from "./family-words";
import type { Lang, Translate } from "../i18n";
import type { PaneServices, PostView } from "../views";
import { Message, Section, useResultScope, useTask } from "../ui";
import { FindingList } from "./check";
import { RowNotes } from "./rows";
import { Progressbar, progressCounts } from "./progressbar";
import { UndoControl } from "./undo";

type Counted = "found" | "existing" | "repeated" | "skipped" | "notSent" | "failed" | "unknown" | "warnings";

/** "3 created, 1 already posted": created always, the other counts when there are any. */
export function postSummary(t: Translate, r: PostView): string {
  const parts: [Counted, Parameters<Translate>[0]][] = [
    ["found", "postFound"], ["existing", "postExisting"], ["repeated", "postRepeated"], ["skipped", "postSkipped"], ["notSent", "postNotSent"],
    ["failed", "postFailed"], ["unknown", "postUnknown"], ["warnings", "postWarnings"],
  ];
  return [t("postCreated", { n: groupDigits(r.created) }), ...parts.filter(([k]) => (r[k] ?? 0) > 0).map(([k, key]) => t(key, { n: groupDigits(r[k] ?? 0) }))].join(", ");
}

/** Rows given a record: created, or found (an earlier run's, the service's own, an earlier row's). */
const given = (r: PostView): number => r.created + r.found + (r.existing ?? 0) + (r.repeated ?? 0);

/** Red when a record was not made or its fate is unknown; green only when something was created
 * (or found): "0 created" is never shown as a success. */
export function postTone(r: PostView): "error" | "info" | "ok" {
  if (r.failed + r.unknown + r.notSent > 0 || (r.findings > 0 && given(r) === 0)) return "error";
  return given(r) > 0 ? "ok" : "info";
}

export function PostSection(props: { t: Translate; lang: Lang; services: PaneServices; family: SheetFamily; connected: boolean }) {
  const { t, lang, services } = props;
  const task = useTask<PostView>(t);
  useResultScope(task, props.family, (r) => r.sheet);
  const [draft, setDraft] = useState(false);
  const drafts = familyCard(props.family).drafts;
  const post = services.post;
  const r = task.result;
  return (
    <Section id="post" title={t("post")}>
      <p class="help">{helpFor(t, lang, props.family, "postHelp")}</p>
      {drafts && (
        <label style="font-weight:400"><input id="ds-draft" type="checkbox" checked={draft} onChange={(e) => setDraft(e.currentTarget.checked)} />{t("saveDraft")}</label>
      )}
      <button class="primary" type="button" disabled={!props.connected || task.busy}
        onClick={() => task.run((ctx) => post(props.family, { ...ctx, lang, ...(drafts && draft ? { draft } : {}) }))}>
        {t("runPost", { records: recordsOf(props.family, lang) })}
      </button>
      {task.busy && <button type="button" onClick={task.cancel}>{t("cancel")}</button>}
      {task.busy && task.progress && (
        <Progressbar done={task.progress.done} total={task.progress.total} label={t("posting", progressCounts(task.progress))} />
      )}
      <Message tone="info" text={!props.connected ? t("needConnection") : null} />
      <Message tone="error" text={task.error} />
      <Message tone={!r || task.cancelled ? "info" : postTone(r)}
        text={r ? (task.cancelled ? t("postCancelled", { summary: postSummary(t, r) }) : postSummary(t, r)) : null} />
      {r?.marked && <FindingList t={t} lang={lang} services={services} findings={r.marked} label={t("postMarked")} />}
      <RowNotes t={t} services={services} sheet={r?.sheet} rows={r?.rows} labelOf={(n) => recordLabel(t, lang, props.family, n)} />
      {/* Rows with records from a post (this one's, or an earlier one's when all were posted already). */}
      {r && !task.busy && given(r) + r.skipped > 0 && <UndoControl t={t} lang={lang} services={services} family={props.family} connected={props.connected} />}
    </Section>
  );
}
