// Values for every row, in the Columns section: a field the sheet has no column for (VAT yes/no,
// prices include VAT, VAT rate, date, payment method, any document, payment or line field) takes one
// value for all rows, picked from the field's words (yes/no, 7%, transfer, ...) or typed as a cell of
// it would be, checked as such a cell before it is kept. The section saves them with the mapping.
import { useState } from "preact/hooks";
import type { Message as Said } from "../../rules/message";
import { render } from "../../sheet/i18n/render";
import type { StatedValue } from "../../sheet/mapping";
import type { Lang, Translate } from "../i18n";
import type { FieldChoice } from "../views";
import { Message } from "../ui";

/** Offered first: the values a sheet most often leaves out. */
const USUAL = ["isVat", "isVatInclusive", "item.vatRate", "publishedOn", "paymentMethod"];
const GROUPS = ["document", "payment", "item"] as const;

export interface ValuesProps {
  t: Translate;
  lang: Lang;
  choices: FieldChoice[];
  /** Fields the columns give: not offered. */
  mapped: readonly string[];
  values: Readonly<Record<string, StatedValue>>;
  problem: (key: string, value: StatedValue) => Said | null;
  busy: boolean;
  onChange: (values: Record<string, StatedValue>) => void;
}

export function ValuesEditor(props: ValuesProps) {
  const { t, lang, choices, values } = props;
  const [field, setField] = useState("");
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const byKey = new Map(choices.map((c) => [c.key, c]));
  const offered = choices.filter((c) => c.statable && !props.mapped.includes(c.key) && !(c.key in values));
  const usual = USUAL.flatMap((k) => offered.filter((c) => c.key === k));
  const choice = byKey.get(field);

  function pickField(key: string): void {
    setField(key);
    setError(null);
    const next = byKey.get(key);
    setTyped(next?.options ? "0" : "");
  }

  function set(): void {
    if (!choice) return;
    const value: StatedValue = choice.options ? choice.options[Number(typed)].value : typed.trim();
    if (value === "") return setError(t("mapValueEmpty"));
    const problem = props.problem(choice.key, value);
    if (problem) return setError(render(problem, lang));
    setError(null);
    setField("");
    setTyped("");
    props.onChange({ ...values, [choice.key]: value });
  }

  function remove(key: string): void {
    const next = { ...values };
    delete next[key];
    props.onChange(next);
  }

  const name = (key: string): string => byKey.get(key)?.[lang] ?? key;
  const shown = (key: string, value: StatedValue): string => byKey.get(key)?.options?.find((o) => o.value === value)?.[lang] ?? String(value);
  const option = (c: FieldChoice) => <option key={c.key} value={c.key}>{c[lang]}</option>;
  return (
    <div class="values">
      <h4>{t("mapValues")}</h4>
      <p class="help">{t("mapValuesHelp")}</p>
      {Object.keys(values).length > 0 && (
        <table class="mapping values" aria-label={t("mapValues")}>
          <thead><tr><th>{t("mapValueField")}</th><th>{t("mapValueValue")}</th><th /></tr></thead>
          <tbody>
            {Object.entries(values).map(([key, value]) => (
              <tr key={key} data-field={key}>
                <td>{name(key)}</td>
                <td>{shown(key, value)}</td>
                <td>
                  <button type="button" disabled={props.busy} aria-label={t("mapValueRemoveOne", { field: name(key) })} onClick={() => remove(key)}>
                    {t("mapValueRemove")}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div class="row">
        <select id="ds-value-field" aria-label={t("mapValueField")} value={field} onChange={(e) => pickField((e.currentTarget as HTMLSelectElement).value)}>
          <option value="">{t("mapValuePick")}</option>
          {usual.length > 0 && <optgroup label={t("mapValueUsual")}>{usual.map(option)}</optgroup>}
          {GROUPS.map((level) => {
            const fields = offered.filter((c) => c.level === level && !USUAL.includes(c.key));
            return fields.length === 0 ? null : <optgroup key={level} label={t(`group_${level}`)}>{fields.map(option)}</optgroup>;
          })}
        </select>
        {choice && (choice.options
          ? (
            <select id="ds-value-value" aria-label={t("mapValueValue")} value={typed} onChange={(e) => setTyped((e.currentTarget as HTMLSelectElement).value)}>
              {choice.options.map((o, i) => <option key={i} value={String(i)}>{o[lang]}</option>)}
            </select>
          )
          : (
            <input id="ds-value-value" aria-label={t("mapValueValue")} value={typed} placeholder={choice.kind === "date" ? "YYYY-MM-DD" : undefined}
              onInput={(e) => setTyped((e.currentTarget as HTMLInputElement).value)} />
          ))}
        <button type="button" disabled={!choice || props.busy} onClick={set}>{t("mapValueSet")}</button>
      </div>
      <Message tone="error" text={error} />
    </div>
  );
}
