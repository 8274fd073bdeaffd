// The document family every section works on, "Insert template" (in the pane's language, with the
// company's drop-down lists when connected) and "Refresh lists".
import type { SheetFamily } from "../../rules/codes";
import { FAMILY_CARDS } from "../../families/cards";
import type { FamilyCard } from "../../families/types";
import type { ListCounts, TemplateOutcome } from "../../jobs/template";
import { groupCounts } from "../../sheet/i18n/plural";
import type { Lang, Translate } from "../i18n";
import type { PaneServices } from "../views";
import { Message, useResultScope, useTask } from "../ui";

function listCounts(t: Translate, c: ListCounts): string {
  const channels = c.bankAccounts + c.cheques + c.creditCards + c.pettyCash + c.otherChannels;
  return t("listCounts", groupCounts({ contacts: c.contacts, products: c.products, channels, categories: c.expenseCategories }));
}

export function FamilyPicker(props: {
  t: Translate; lang: Lang; services: PaneServices; family: SheetFamily; connected: boolean; onChange: (f: SheetFamily) => void;
}) {
  const { t, services } = props;
  const inserting = useTask<TemplateOutcome>(t);
  const refreshing = useTask<ListCounts>(t);
  // "Template added" speaks of the family it was added for, and of its sheet.
  useResultScope(inserting, props.family, (r) => r.sheet);
  const insert = services.insertTemplate;
  const refresh = services.refreshLists;
  const inserted = inserting.result;
  // The command line's word beside the name in English; the Thai list speaks Thai alone.
  const option = (e: FamilyCard) => <option value={e.name} key={e.name}>{e.label[props.lang]}{props.lang === "en" ? ` (${e.name})` : ""}</option>;
  return (
    <div class="family">
      <label for="ds-family">{t("family")}</label>
      <div class="row">
        <select id="ds-family" value={props.family} onChange={(e) => props.onChange((e.currentTarget as HTMLSelectElement).value as SheetFamily)}>
          <optgroup label={t("documentsGroup")}>{FAMILY_CARDS.filter((e) => e.kind !== "book").map(option)}</optgroup>
          <optgroup label={t("booksGroup")}>{FAMILY_CARDS.filter((e) => e.kind === "book").map(option)}</optgroup>
        </select>
      </div>
      <div class="row">
        <button type="button" disabled={inserting.busy}
          onClick={() => inserting.run((ctx) => insert(props.family, { ...ctx, lang: props.lang }))}>{t("insertTemplate")}</button>
        <button type="button" disabled={!props.connected || refreshing.busy} title={props.connected ? undefined : t("notConnected")}
          onClick={() => refreshing.run((ctx) => refresh({ ...ctx, lang: props.lang }))}>{t("refreshLists")}</button>
      </div>
      <p class="help">{props.connected ? t("templateListsHelp") : t("templateNoListsHelp")}</p>
      <Message tone="error" text={inserting.error ?? refreshing.error} />
      <Message tone="ok" text={inserted ? [t("templateInserted", { sheet: inserted.sheet }), inserted.lists ? listCounts(t, inserted.lists) : ""].join(" ").trim() : null} />
      <Message tone="ok" text={refreshing.result ? listCounts(t, refreshing.result) : null} />
    </div>
  );
}
