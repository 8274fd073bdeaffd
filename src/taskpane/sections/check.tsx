// Check: runs the shared rules on the rows, lists the findings (a click selects the cell) and the
// VAT and grand total of each document. Only errors are problems: warnings (worth a look) and notes
// (what DocSheet did for the user, a leading zero restored) are counted apart, each with its own
// mark, and a sheet with no errors is clean.
import { useMemo } from "preact/hooks";
import type { SheetFamily } from "../../rules/codes";
import { familyCard } from "../../families/cards";
import type { CellFinding } from "../../sheet/findings";
import { groupCounts, groupDigits } from "../../sheet/i18n/plural";
import { recordCount } from "../../sheet/i18n/record-count";
import { render } from "../../sheet/i18n/render";
import type { Lang, Translate } from "../i18n";
import { formatMoney } from "../money";
import type { CheckView, PaneServices } from "../views";
import { Message, Section, useResultScope, useTask } from "../ui";
import { PagedList } from "./paged-list";
import { recordsOf } from "./family-words";

/** Errors, warnings and notes of a check, counted apart. */
export function findingCounts(findings: readonly CellFinding[]): Record<CellFinding["severity"], number> {
  const counts = { error: 0, warning: 0, note: 0 };
  for (const f of findings) counts[f.severity]++;
  return counts;
}

const GRAVITY: Record<CellFinding["severity"], number> = { error: 0, warning: 1, note: 2 };

/** Errors first, then warnings, then notes; in sheet order within each. */
export function byGravity(findings: readonly CellFinding[]): CellFinding[] {
  return findings.map((f, i) => [f, i] as const).sort(([a, i], [b, j]) => GRAVITY[a.severity] - GRAVITY[b.severity] || i - j).map(([f]) => f);
}

/** The findings of a check or a post: counted by kind, errors first, then warnings, then notes, each
 * its cell and a one-line reason (the whole of it on hover and at the cell), a button that selects
 * the cell; a page at a time, so a list of thousands keeps the pane's height. */
export function FindingList(props: { t: Translate; lang: Lang; services: PaneServices; findings: readonly CellFinding[]; label?: string }) {
  const { t, lang, services } = props;
  const sorted = useMemo(() => byGravity(props.findings), [props.findings]);
  if (props.findings.length === 0) return null;
  const marks: Record<CellFinding["severity"], string | null> = { error: null, warning: t("markWarning"), note: t("markNote") };
  const n = findingCounts(props.findings);
  const counts = ([["error", "countErrors"], ["warning", "countWarnings"], ["note", "countNotes"]] as const).filter(([k]) => n[k] > 0);
  return (
    <div class="finding-list">
      <p class="counts">{counts.map(([k, key]) => <span key={k} class={k}>{t(key, { n: groupDigits(n[k]) })}</span>)}</p>
      <PagedList t={t} items={sorted} class="findings" label={props.label ?? t("check")} keyOf={(f, i) => `${i}:${f.cell}`} itemClass={(f) => f.severity}
        item={(f) => {
          const reason = render(f.msg, lang);
          return (
            <button type="button" title={reason} onClick={() => void services.port.select(f.sheet, f.row, f.col).catch(() => undefined)}>
              <span class="cell">{f.cell}</span>{marks[f.severity] && <span class="sev">{marks[f.severity]}</span>}<span class="why">{reason}</span>
            </button>
          );
        }} />
    </div>
  );
}

/** `family`: the sheet's; its records are counted by their own word when they are not documents. */
export function CheckVerdict(props: { t: Translate; lang: Lang; view: CheckView; family?: SheetFamily }) {
  const { t, view } = props;
  const n = findingCounts(view.findings);
  const other = view.otherFamily ? <Message tone="error" text={otherFamilyText(t, props.lang, view.sheet, view.otherFamily)} /> : null;
  if (view.documents === 0 && view.findings.length === 0) return <>{other}<Message tone="info" text={t("checkNoRows")} /></>;
  return (
    <>
      {other}
      <Message tone={n.error > 0 ? "error" : "ok"} text={verdict(props, n.error)} />
      <Message tone="info" text={n.warning > 0 ? t("checkWarnings", { count: groupDigits(n.warning) }) : null} />
      <Message tone="info" text={n.note > 0 ? t("checkNotes", { count: groupDigits(n.note) }) : null} />
    </>
  );
}

/** The sheet is remembered as another family: its documents by the family's name, other records by their word. */
function otherFamilyText(t: Translate, lang: Lang, sheet: string, other: NonNullable<CheckView["otherFamily"]>): string {
  const name = (f: SheetFamily): string => familyCard(f).label[lang].toLowerCase();
  const params = { sheet, family: name(other.remembered), chosen: name(other.checked) };
  return familyCard(other.remembered).record === "Document"
    ? t("checkOtherFamily", params)
    : t("checkOtherFamilyRecords", { ...params, records: recordsOf(other.remembered, lang) });
}

function verdict(props: { t: Translate; lang: Lang; view: CheckView; family?: SheetFamily }, errors: number): string {
  const { t, view, family } = props;
  // Documents are counted as documents; certificates and the books by what their records are.
  if (family === undefined || familyCard(family).record === "Document") {
    return errors > 0 ? t("checkFound", groupCounts({ documents: view.documents, count: errors })) : t("checkClean", { documents: groupDigits(view.documents) });
  }
  const records = render(recordCount(family, view.documents), props.lang);
  return errors > 0 ? t("checkFoundRecords", { records, count: groupDigits(errors) }) : t("checkCleanRecords", { records });
}

export function CheckSection(props: { t: Translate; lang: Lang; services: PaneServices; family: SheetFamily }) {
  const { t, lang, services } = props;
  const task = useTask<CheckView>(t);
  useResultScope(task, props.family, (v) => v.sheet);
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
          <CheckVerdict t={t} lang={lang} view={view} family={props.family} />
          <FindingList t={t} lang={lang} services={services} findings={view.findings} />
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
