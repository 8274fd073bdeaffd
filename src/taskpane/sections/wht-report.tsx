// The monthly withholding tax returns, under Pull: a month, then the ภ.ง.ด.3 and ภ.ง.ด.53
// attachments, the void certificates and the return in new sheets (and, when asked, the purchases
// and expenses without a certificate as certificate rows); each form's tax, the findings, and the
// RD Prep files to download, in the references' layouts or the firm's own (a layout as --rd-layout reads it).
import { useState } from "preact/hooks";
import { parseMonth } from "../../jobs/month";
import type { Lang, Translate } from "../i18n";
import type { PaneServices, WhtReportView } from "../views";
import { Message, useTask } from "../ui";
import { Progressbar } from "./progressbar";
import { DateField } from "./date-field";
import { RdPrepFiles, ReportFindings, lastMonth } from "./vat-report";

export function WhtReportPanel(props: { t: Translate; lang: Lang; services: PaneServices; connected: boolean; now?: () => Date }) {
  const { t } = props;
  const [month, setMonth] = useState(() => lastMonth((props.now ?? (() => new Date()))()));
  const [missing, setMissing] = useState(false);
  const [layout, setLayout] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const task = useTask<WhtReportView>(t);
  const view = task.result;

  function start() {
    setProblem(null);
    const asked = parseMonth(month);
    if (asked === undefined) return setProblem(t("vatMonthInvalid"));
    void task.run((ctx) => props.services.whtReport(asked, missing, { ...ctx, lang: props.lang }, layout));
  }

  return (
    <div id="wht-report" class="sub">
      <h2>{t("whtReport")}</h2>
      <p class="help">{t("whtReportHelp")}</p>
      <label for="ds-wht-month">{t("whtMonth")}</label>
      <DateField id="ds-wht-month" lang={props.lang} month value={month} onChange={setMonth} />
      <label for="ds-wht-missing"><input id="ds-wht-missing" type="checkbox" checked={missing} onChange={(e) => setMissing(e.currentTarget.checked)} /> {t("whtMissing")}</label>
      <details>
        <summary>{t("whtLayout")}</summary>
        <p class="help">{t("whtLayoutHelp")}</p>
        <textarea id="ds-wht-layout" rows={3} placeholder="PND3: seq|taxId|name|line.income|line.amount|line.tax" value={layout} onInput={(e) => setLayout(e.currentTarget.value)} />
      </details>
      <button class="primary" type="button" disabled={!props.connected || task.busy} onClick={start}>{t("runWhtReport")}</button>
      {task.busy && <button type="button" onClick={task.cancel}>{t("cancel")}</button>}
      {task.busy && task.progress && <Progressbar done={task.progress.done} total={task.progress.total} label={t("vatReading", { message: task.progress.message ?? "" })} />}
      <Message tone="info" text={!props.connected ? t("needConnection") : null} />
      <Message tone="error" text={problem ?? task.error} />
      <Message tone="error" text={view?.layoutProblem ? t(view.layoutProblem.what === "form" ? "whtLayoutForm" : "whtLayoutField", { line: view.layoutProblem.line, text: view.layoutProblem.text }) : null} />
      {view && !view.layoutProblem && (
        <div class="wht-result">
          <table>
            <tbody>
              {view.lines.map(([form, n, tax]) => <tr key={form}><td>{form}</td><td>{t("whtCertificates", { n })}</td><td class="num">{tax}</td></tr>)}
            </tbody>
          </table>
          <p class="help">{t("whtVoided", { n: view.counts.voided })}</p>
          <Message tone="ok" text={t("whtWritten", { sheets: view.sheets.map((s) => `“${s}”`).join(", ") })} />
          <RdPrepFiles t={t} files={view.files} />
          <ReportFindings findings={view.findings} clean={t("whtClean")} heading={t("whtFindings", { n: view.findings.length })} />
        </div>
      )}
    </div>
  );
}
