// Update: previews, record by record (documents, contacts, products) and field by field, what the
// rows would change in the service's copies (nothing is sent), then sends the changed records on the
// user's word. The records that will not be sent are listed with the reason (changed on the service,
// not awaiting). Send runs only on the sheet and rows the preview read: anything else asks for a new
// preview.
import { useState } from "preact/hooks";
import type { SheetFamily } from "../../rules/codes";
import { groupDigits } from "../../sheet/i18n/plural";
import { helpFor, recordLabel, recordsOf } from "./family-words";
import type { Lang, Translate } from "../i18n";
import type { PaneServices, UpdateView } from "../views";
import { Message, Section, useTask } from "../ui";
import { Progressbar, progressCounts } from "./progressbar";
import { RowNotes } from "./rows";
import { FindingList } from "./check";

function summary(t: Translate, v: UpdateView): string {
  const c = v.counts;
  const [unchanged, conflict, refused, notSent] = [c.unchanged, c.conflict, c.refused, c.invalid + c.failed + c.cancelled].map(groupDigits);
  return v.dryRun
    ? t("updatePreviewSummary", { update: groupDigits(c.update), unchanged, conflict, refused, notSent })
    : t("updateDoneSummary", { updated: groupDigits(c.updated), unchanged, conflict, refused, notSent });
}

/** What one record of the family is called, as a table's heading ("Document", "Contact"). */
function recordHeading(family: SheetFamily, lang: Lang): string {
  const word = recordsOf(family, lang, 1);
  return word.charAt(0).toLocaleUpperCase(lang) + word.slice(1);
}

/** Each record to be sent (or just sent), one line a changed field: the service's value, the sheet's. */
function ChangeTable(props: { t: Translate; lang: Lang; family: SheetFamily; view: UpdateView }) {
  const { t, view } = props;
  const shown = view.documents.filter((d) => d.kind === "update" || d.kind === "updated");
  if (shown.length === 0) return null;
  return (
    <table class="changes" aria-label={t("update")}>
      <thead><tr><th>{recordHeading(props.family, props.lang)}</th><th>{t("updateField")}</th><th>{t("updateOnService")}</th><th>{t("updateInSheet")}</th></tr></thead>
      <tbody>
        {shown.flatMap((d) => d.changes.map((c, i) => (
          <tr key={`${d.key}:${i}`}>
            {i === 0 && (
              <td rowSpan={d.changes.length}>
                {recordLabel(t, props.lang, props.family, d, true)}
                {d.unchecked && <p class="help unchecked">{t("updateUnchecked")}</p>}
              </td>
            )}
            <td>{c.field}</td>
            <td class="from">{c.from}</td>
            <td class="to">{c.to}</td>
          </tr>
        )))}
      </tbody>
    </table>
  );
}

export function UpdateSection(props: { t: Translate; lang: Lang; services: PaneServices; family: SheetFamily; connected: boolean }) {
  const { t, lang, services } = props;
  const preview = useTask<UpdateView>(t);
  const send = useTask<UpdateView>(t);
  const update = services.update;
  // Send refused: the sheet or its rows are not the previewed ones; the preview shown no longer holds.
  const [stale, setStale] = useState(false);
  const busy = preview.busy || send.busy;
  // A preview (and its Send) of another document type than the one chosen now is not shown, nor sent.
  const current = preview.result?.previewed?.family === props.family;
  const p = stale || !current ? null : preview.result;
  const r = current ? send.result : null;
  const shown = r ?? p;
  const progress = preview.busy ? preview.progress : send.progress;
  return (
    <Section id="update" title={t("update")}>
      <p class="help">{helpFor(t, lang, props.family, "updateHelp")}</p>
      <button class="primary" type="button" disabled={!props.connected || busy}
        onClick={() => {
          send.reset();
          setStale(false);
          void preview.run((ctx) => update(props.family, true, { ...ctx, lang }));
        }}>{t("previewUpdate")}</button>
      {p && !r && p.counts.update > 0 && (
        <button class="primary" type="button" disabled={busy}
          onClick={() => void send.run(async (ctx) => {
            try {
              return await update(props.family, false, { ...ctx, lang }, p.previewed);
            } catch (err) {
              if (err instanceof Error && err.name === "PreviewChangedError") setStale(true);
              throw err;
            }
          })}>{t("sendUpdate", { n: groupDigits(p.counts.update), records: recordsOf(props.family, lang, p.counts.update) })}</button>
      )}
      {busy && <button type="button" onClick={preview.busy ? preview.cancel : send.cancel}>{t("cancel")}</button>}
      {busy && progress && (
        <Progressbar done={progress.done} total={progress.total}
          label={t(preview.busy ? "updateReading" : "updateSending", progressCounts(progress))} />
      )}
      <Message tone="info" text={!props.connected ? t("needConnection") : null} />
      <Message tone="error" text={preview.error ?? send.error} />
      <Message tone={shown?.dryRun ? "info" : shown && shown.rows.length > 0 ? "error" : "ok"} text={shown ? summary(t, shown) : null} />
      {shown?.marked && <FindingList t={t} lang={lang} services={services} findings={shown.marked} />}
      {shown && <ChangeTable t={t} lang={lang} family={props.family} view={shown} />}
      {shown && shown.rows.length > 0 && <p class="help">{t("updateNotSentTitle")}</p>}
      <RowNotes t={t} services={services} sheet={shown?.sheet} rows={shown?.rows} labelOf={(n) => recordLabel(t, lang, props.family, n)} />
    </Section>
  );
}
