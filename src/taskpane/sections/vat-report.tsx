// The monthly VAT report, under Pull: a month, then the output-tax and input-tax reports and the
// return's summary in new sheets; the return's figures, any total that does not match its
// documents, and the ภ.พ.30 file for RD Prep to download are shown here.
import { useMemo, useState } from "preact/hooks";
import { parseMonth } from "../../jobs/month";
import type { Lang, Translate } from "../i18n";
import type { PaneServices, VatReportView } from "../views";
import { Message, useTask } from "../ui";
import { Progressbar } from "./progressbar";
import { DateField } from "./date-field";

/** The month before `now` (the return filed now is last month's), as YYYY-MM. */
export function lastMonth(now: Date): string {
  const d = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}`;
}

export function VatReportPanel(props: { t: Translate; lang: Lang; services: PaneServices; connected: boolean; now?: () => Date }) {
  const { t } = props;
  const [month, setMonth] = useState(() => lastMonth((props.now ?? (() => new Date()))()));
  const [problem, setProblem] = useState<string | null>(null);
  const task = useTask<VatReportView>(t);
  const report = props.services.vatReport;
  const view = task.result;

  function start() {
    setProblem(null);
    const asked = parseMonth(month);
    if (asked === undefined) return setProblem(t("vatMonthInvalid"));
    void task.run((ctx) => report(asked, { ...ctx, lang: props.lang }));
  }

  return (
    <div id="vat-report" class="sub">
      <h2>{t("vatReport")}</h2>
      <p class="help">{t("vatReportHelp")}</p>
      <label for="ds-vat-month">{t("vatMonth")}</label>
      <DateField id="ds-vat-month" lang={props.lang} month value={month} onChange={setMonth} />
      <button class="primary" type="button" disabled={!props.connected || task.busy} onClick={start}>{t("runVatReport")}</button>
      {task.busy && <button type="button" onClick={task.cancel}>{t("cancel")}</button>}
      {task.busy && task.progress && (
        <Progressbar done={task.progress.done} total={task.progress.total} label={t("vatReading", { message: task.progress.message ?? "" })} />
      )}
      <Message tone="info" text={!props.connected ? t("needConnection") : null} />
      <Message tone="error" text={problem ?? task.error} />
      {view && (
        <div class="vat-result">
          <table>
            <tbody>
              {view.lines.map(([label, amount]) => <tr key={label}><td>{label}</td><td class="num">{amount}</td></tr>)}
            </tbody>
          </table>
          <p class="help">{t("vatDocuments", view.counts)}</p>
          <Message tone="ok" text={t("vatWritten", { sheets: view.sheets.map((s) => `“${s}”`).join(", ") })} />
          <RdPrepFiles t={t} files={view.files} />
          <ReportFindings findings={view.findings} clean={t("vatClean")} heading={t("vatFindings", { n: view.findings.length })} />
        </div>
      )}
    </div>
  );
}

/** A report's findings (a list under a heading, as an alert), or the sentence that says it is clean. */
export function ReportFindings(props: { findings: readonly string[]; clean: string; heading: string }) {
  if (props.findings.length === 0) return <Message tone="ok" text={props.clean} />;
  return (
    <div role="alert" class="msg error">
      <p>{props.heading}</p>
      <ul class="findings">{props.findings.map((f) => <li key={f}>{f}</li>)}</ul>
    </div>
  );
}

/** The RD Prep files of a report as download links (UTF-8 text), each made once. */
export function RdPrepFiles(props: { t: Translate; files: readonly { name: string; text: string }[] }) {
  const links = useMemo(() => props.files.map((f) => ({
    name: f.name, href: URL.createObjectURL(new Blob([f.text], { type: "text/plain;charset=utf-8" })),
  })), [props.files]);
  return <p class="help">{props.t("whtFiles")} {links.map((l) => <a key={l.name} class="download" href={l.href} download={l.name}>{l.name} </a>)}</p>;
}
