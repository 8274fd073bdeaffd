// Check: runs the shared rules on the rows, lists the findings (a click selects the cell) and the
// VAT and grand total of each document.
import type { Family } from "../../rules/codes";
import { translate } from "../../sheet/i18n/translate";
import type { Lang, Translate } from "../i18n";
import { formatMoney } from "../money";
import type { CheckView, PaneServices } from "../services";
import { Message, Section, useTask } from "../ui";

export function CheckSection(props: { t: Translate; lang: Lang; services: PaneServices; family: Family }) {
  const { t, lang, services } = props;
  const task = useTask<CheckView>(t);
  const view = task.result;
  return (
    <Section id="check" title={t("check")} open>
      <p class="help">{t("checkHelp")}</p>
      <button class="primary" type="button" disabled={task.busy} onClick={() => task.run((ctx) => services.check(props.family, { ...ctx, lang }))}>
        {task.busy ? t("checking") : t("runCheck")}
      </button>
      <Message tone="error" text={task.error} />
      {view && (
        <>
          <Message tone={view.findings.length ? "error" : "ok"}
            text={view.findings.length ? t("checkFound", { documents: view.documents, count: view.findings.length }) : t("checkClean", { documents: view.documents })} />
          {view.findings.length > 0 && (
            <ul class="findings" aria-label={t("check")}>
              {view.findings.map((f, i) => (
                <li key={i}>
                  <button type="button" onClick={() => void services.port.select(f.sheet, f.row, f.col).catch(() => undefined)}>
                    <span class="cell">{f.cell}</span>{translate(f.message, lang)}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {view.summaries.length > 0 && (
            <table aria-label={t("summary")}>
              <thead><tr><th>{t("doc")}</th><th class="num">{t("vat")}</th><th class="num">{t("total")}</th></tr></thead>
              <tbody>
                {view.summaries.map((s) => (
                  <tr key={s.key}><td>{s.key}</td><td class="num">{formatMoney(s.vatAmount, lang)}</td><td class="num">{formatMoney(s.grandTotal, lang)}</td></tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </Section>
  );
}
