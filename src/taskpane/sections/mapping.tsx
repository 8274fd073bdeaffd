// Columns: which field each header of the user's own sheet is. Shows the mapping saved with the
// workbook for the sheet and document type (else the suggested one), the unmapped columns, the
// values for every row of fields without a column (mapping-values.tsx) and the required fields
// still missing; a change in a picker or a value is saved at once and Check, Post and Actions use it
// from then on.
import { useState } from "preact/hooks";
import type { FieldLevel } from "../../sheet/fields";
import { mappingNote } from "../../sheet/i18n/mapping-notes";
import type { ColumnSuggestion, MapFamily, MissingField, StatedValue } from "../../sheet/mapping";
import type { Lang, Translate } from "../i18n";
import type { FieldChoice, MappingView } from "../views";
import type { PaneServices } from "../views";
import { Message, Section, useTask } from "../ui";
import { ValuesEditor } from "./mapping-values";

const GROUPS: readonly FieldLevel[] = ["key", "document", "item", "payment", "source", "result"];
interface Editing {
  view: MappingView;
  columns: ColumnSuggestion[];
  values: Record<string, StatedValue>;
  saved: boolean;
}

export function MappingSection(props: { t: Translate; lang: Lang; services: PaneServices; family: MapFamily }) {
  const { t, lang, services, family } = props;
  const read = useTask<MappingView>(t);
  const save = useTask<boolean>(t);
  const [edited, setEdited] = useState<Editing | null>(null);
  // A mapping belongs to one family: another family's is read again.
  const view = read.result?.family === family ? read.result : null;
  const editing = view && (edited?.view === view ? edited : { view, columns: view.columns, values: view.values, saved: view.saved });

  /** Saves the columns and values (keep false: forgets the saved mapping; the columns stay on show,
   * unsaved, and the values go with it). */
  function store(columns: ColumnSuggestion[], keep: boolean, values: Record<string, StatedValue> = editing?.values ?? {}): void {
    if (!view) return;
    const kept = keep ? values : {};
    setEdited({ view, columns, values: kept, saved: keep });
    void save.run(async () => {
      try {
        await services.saveMapping(view.sheet, family, keep ? columns : null, kept);
      } catch (err) {
        setEdited({ view, columns, values, saved: !keep });
        throw err;
      }
      return keep;
    });
  }

  /** One field per column: picking a field another column had takes it from that column. */
  function pick(index: number, field: string | null): void {
    if (!editing) return;
    store(editing.columns.map((c, i) => (i === index ? { ...c, field } : field !== null && c.field === field ? { ...c, field: null } : c)), true);
  }

  return (
    <Section id="mapping" title={t("mapping")}>
      <p class="help">{t("mappingHelp")}</p>
      <button class={editing ? undefined : "primary"} type="button" disabled={read.busy} onClick={() => read.run(() => services.readMapping(family))}>
        {read.busy ? t("readingHeaders") : t("readHeaders")}
      </button>
      <Message tone="error" text={read.error ?? save.error} />
      {editing && editing.columns.length === 0 && <Message tone="error" text={t("mapNoHeaders")} />}
      {editing && editing.columns.length > 0 && (
        <>
          <p class={editing.saved ? "status on" : "status"} aria-live="polite">
            {t(editing.saved ? "mapSaved" : "mapSuggested", { sheet: editing.view.sheet })}
          </p>
          <table class="mapping" aria-label={t("mapping")}>
            <thead><tr><th>{t("mapHeader")}</th><th>{t("mapField")}</th></tr></thead>
            <tbody>
              {editing.columns.map((c, i) => (
                <tr key={c.column} class={c.field ? undefined : "unmapped"}>
                  <td><span class="col" title={t("mapColumn")}>{c.column}</span><label for={`ds-map-${c.column}`}>{c.header}</label></td>
                  <td>
                    <FieldPicker id={`ds-map-${c.column}`} t={t} lang={lang} choices={editing.view.choices} value={c.field}
                      onPick={(field) => pick(i, field)} />
                    {!c.field && c.candidates && (
                      <p class="help" role="note">{t("mapAsk", { fields: c.candidates.map((k) => editing.view.choices.find((x) => x.key === k)?.[lang] ?? k).join(t("mapOr")) })}</p>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ValuesEditor t={t} lang={lang} choices={editing.view.choices} mapped={editing.columns.flatMap((c) => (c.field ? [c.field] : []))}
            values={editing.values} problem={editing.view.valueProblem} busy={save.busy} onChange={(values) => store(editing.columns, true, values)} />
          <MissingFields t={t} lang={lang} view={editing.view} columns={editing.columns} values={editing.values} />
          {editing.saved
            ? <button type="button" disabled={save.busy} onClick={() => store(editing.columns, false)}>{t("forgetMapping")}</button>
            : <button class="primary" type="button" disabled={save.busy} onClick={() => store(editing.columns, true)}>{t("saveMapping")}</button>}
        </>
      )}
    </Section>
  );
}

function FieldPicker(props: { id: string; t: Translate; lang: Lang; choices: FieldChoice[]; value: string | null; onPick: (field: string | null) => void }) {
  const { t, lang, choices } = props;
  return (
    <select id={props.id} value={props.value ?? ""} onChange={(e) => props.onPick((e.currentTarget as HTMLSelectElement).value || null)}>
      <option value="">{t("mapNone")}</option>
      {GROUPS.map((level) => {
        const fields = choices.filter((c) => c.level === level);
        return fields.length === 0 ? null : (
          <optgroup key={level} label={t(`group_${level}`)}>
            {fields.map((c) => <option key={c.key} value={c.key}>{c[lang]}</option>)}
          </optgroup>
        );
      })}
    </select>
  );
}

function MissingFields(props: { t: Translate; lang: Lang; view: MappingView; columns: ColumnSuggestion[]; values: Record<string, StatedValue> }) {
  const { t, lang, view } = props;
  const label = new Map(view.choices.map((c) => [c.key, c[lang]]));
  const mapped = [...props.columns.flatMap((c) => (c.field ? [c.field] : [])), ...Object.keys(props.values)];
  const say = (m: MissingField): string => {
    const names = m.fields.map((f) => label.get(f) ?? f).join(t("mapOr"));
    const note = m.note ? mappingNote(m.note, lang) : "";
    return note ? `${names} (${note})` : names;
  };
  const missing = view.missing(mapped);
  const required = missing.filter((m) => m.need === "required").map(say);
  const recommended = missing.filter((m) => m.need === "recommended").map(say);
  return (
    <>
      <Message tone="error" text={required.length > 0 ? t("mapRequired", { fields: required.join("; ") }) : null} />
      <Message tone="info" text={recommended.length > 0 ? t("mapRecommended", { fields: recommended.join("; ") }) : null} />
    </>
  );
}
