// The document family every section works on, and "insert template".
import { FAMILIES, FAMILY_INFO, type Family } from "../../rules/codes";
import type { Lang, Translate } from "../i18n";
import type { PaneServices } from "../services";
import { Message, useTask } from "../ui";

export function FamilyPicker(props: { t: Translate; lang: Lang; services: PaneServices; family: Family; onChange: (f: Family) => void }) {
  const { t, services } = props;
  const task = useTask<string>(t);
  const insert = services.insertTemplate;
  return (
    <div class="family">
      <label for="ds-family">{t("family")}</label>
      <div class="row">
        <select id="ds-family" value={props.family} onChange={(e) => props.onChange((e.currentTarget as HTMLSelectElement).value as Family)}>
          {FAMILIES.map((f) => <option value={f} key={f}>{FAMILY_INFO[f].label[props.lang]} ({f})</option>)}
        </select>
      </div>
      <button type="button" disabled={!insert || task.busy} title={insert ? undefined : t("notAvailable")}
        onClick={() => insert && task.run(() => insert(props.family))}>{t("insertTemplate")}</button>
      <Message tone="error" text={task.error} />
      <Message tone="ok" text={task.result ? t("templateInserted", { sheet: task.result }) : null} />
    </div>
  );
}
