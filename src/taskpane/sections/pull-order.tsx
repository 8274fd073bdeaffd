// The Pull form's order of the documents and its contact filter (sortBy and filter of the list).
import type { Translate } from "../i18n";
import { PULL_SORTS } from "../pull-order";
import type { PullQuery } from "../views";

export function PullOrderFields(props: { t: Translate; query: PullQuery; set: (patch: Partial<PullQuery>) => void }) {
  const { t, query, set } = props;
  return (
    <>
      <label for="ds-sort">{t("sortBy")}</label>
      <select id="ds-sort" value={query.sort ?? ""} onChange={(e) => set({ sort: (e.currentTarget as HTMLSelectElement).value || undefined })}>
        {PULL_SORTS.map((s) => <option key={s.value} value={s.value}>{t(s.label)}</option>)}
      </select>
      <label for="ds-contact">{t("contactFilter")}</label>
      <input id="ds-contact" type="search" value={query.contact ?? ""} onInput={(e) => set({ contact: e.currentTarget.value || undefined })} />
    </>
  );
}
