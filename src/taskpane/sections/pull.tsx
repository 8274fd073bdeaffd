// Pull: the family's records into a new sheet, with the filters its card lists (documents: period,
// dates, search, contact and an order, per document or per line; certificates: the date paid and a
// search; the books whole); Refresh reads the pulled sheet of the active cell again in place.
import { useState } from "preact/hooks";
import { RANGE, type SheetFamily } from "../../rules/codes";
import { familyCard } from "../../families/cards";
import { groupCounts } from "../../sheet/i18n/plural";
import { helpFor, recordLabel } from "./family-words";
import type { Lang, Translate } from "../i18n";
import type { PaneServices, PullQuery, PullView, RefreshView } from "../views";
import { Message, Section, useTask } from "../ui";
import { Progressbar, progressCounts } from "./progressbar";
import { DateField } from "./date-field";
import { PullOrderFields } from "./pull-order";
import { RowNotes } from "./rows";
import { VatReportPanel } from "./vat-report";
import { WhtReportPanel } from "./wht-report";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function PullSection(props: { t: Translate; lang: Lang; services: PaneServices; family: SheetFamily; connected: boolean }) {
  const { t, services } = props;
  const card = familyCard(props.family);
  const takes = (filter: (typeof card.pulls)[number]): boolean => card.pulls.includes(filter);
  const [query, setQuery] = useState<PullQuery>({ perLine: false });
  const [problem, setProblem] = useState<string | null>(null);
  const task = useTask<PullView>(t);
  const refreshTask = useTask<RefreshView>(t);
  const pull = services.pull;
  const refresh = services.refresh;
  const done = refreshTask.result;
  const set = (patch: Partial<PullQuery>) => setQuery({ ...query, ...patch });

  function start() {
    setProblem(null);
    for (const d of takes("dates") ? [query.startDate, query.endDate] : []) if (d && !DATE.test(d)) return setProblem(`${d}: ${t("dateFormat")}`);
    void task.run((ctx) => pull(props.family, query, { ...ctx, lang: props.lang }));
  }

  return (
    <Section id="pull" title={t("pull")}>
      <p class="help">{helpFor(t, props.lang, props.family, "pullHelp")}</p>
      {takes("range") && (
        <>
          <label for="ds-range">{t("range")}</label>
          <select id="ds-range" value={query.range ?? ""} onChange={(e) => set({ range: (e.currentTarget as HTMLSelectElement).value || undefined })}>
            <option value="">—</option>
            {(Object.keys(RANGE) as (keyof typeof RANGE)[]).map((name) => <option key={name} value={String(RANGE[name])}>{t(`r_${name}`)}</option>)}
          </select>
        </>
      )}
      {takes("dates") && (
        <div class="row">
          <div>
            <label for="ds-start">{t("startDate")}</label>
            <DateField id="ds-start" lang={props.lang} value={query.startDate ?? ""} onChange={(v) => set({ startDate: v || undefined })} />
          </div>
          <div>
            <label for="ds-end">{t("endDate")}</label>
            <DateField id="ds-end" lang={props.lang} value={query.endDate ?? ""} onChange={(v) => set({ endDate: v || undefined })} />
          </div>
        </div>
      )}
      {takes("search") && (
        <>
          <label for="ds-search">{t("search")}</label>
          <input id="ds-search" type="search" value={query.search ?? ""} onInput={(e) => set({ search: e.currentTarget.value || undefined })} />
        </>
      )}
      {takes("order") && <PullOrderFields t={t} query={query} set={set} />}
      {takes("lines") && (
        <fieldset style="border:0;padding:0;margin:8px 0 0">
          <legend class="help">{t("layout")}</legend>
          <label style="font-weight:400"><input type="radio" name="ds-layout" checked={!query.perLine} onChange={() => set({ perLine: false })} />{t("perDocument")}</label>
          <label style="font-weight:400"><input type="radio" name="ds-layout" checked={query.perLine} onChange={() => set({ perLine: true })} />{t("perLine")}</label>
        </fieldset>
      )}
      <button class="primary" type="button" disabled={!props.connected || task.busy} onClick={start}>{t("runPull")}</button>
      {task.busy && <button type="button" onClick={task.cancel}>{t("cancel")}</button>}
      {task.busy && task.progress && <Progressbar done={task.progress.done} total={task.progress.total} label={t("pulling", { done: progressCounts(task.progress).done })} />}
      <Message tone="info" text={!props.connected ? t("needConnection") : null} />
      <Message tone="error" text={problem ?? task.error} />
      <Message tone="ok" text={task.result ? t("pullDone", groupCounts({ rows: task.result.rows, sheet: task.result.sheet })) : null} />
      {/* Every family's pulled sheet is read again by the one refresh job. */}
      <p class="help">{t("refreshHelp")}</p>
      <button type="button" disabled={!props.connected || refreshTask.busy} onClick={() => void refreshTask.run((ctx) => refresh(false, { ...ctx, lang: props.lang }))}>{t("runRefresh")}</button>
      <button type="button" title={t("refreshRowsHelp")} disabled={!props.connected || refreshTask.busy} onClick={() => void refreshTask.run((ctx) => refresh(true, { ...ctx, lang: props.lang }))}>{t("runRefreshRows")}</button>
      {refreshTask.busy && <button type="button" onClick={refreshTask.cancel}>{t("cancel")}</button>}
      <Message tone="error" text={refreshTask.error} />
      <Message tone={done && done.counts.edited > 0 ? "info" : "ok"} text={done ? t("refreshDone", groupCounts({
        sheet: done.sheet, refreshed: done.counts.refreshed, added: done.counts.added, unchanged: done.counts.unchanged,
        marked: done.counts.deleted + done.counts.void, edited: done.counts.edited,
      })) : null} />
      <RowNotes t={t} services={services} sheet={done?.sheet} rows={done?.rows} labelOf={done ? (n) => recordLabel(t, props.lang, done.family, n) : undefined} />
      <VatReportPanel t={t} lang={props.lang} services={services} connected={props.connected} />
      <WhtReportPanel t={t} lang={props.lang} services={services} connected={props.connected} />
    </Section>
  );
}
