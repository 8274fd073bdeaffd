// The task pane: Connect, the family picker, Columns (the mapping), Check, Post, Update, Pull and Actions,
// in English or Thai.
import { Fragment } from "preact";
import { useState } from "preact/hooks";
import type { Family } from "../rules/codes";
import { translator, type Lang } from "./i18n";
import { ActionsSection } from "./sections/actions";
import { CheckSection } from "./sections/check";
import { ConnectSection } from "./sections/connect";
import { FamilyPicker } from "./sections/family";
import { MappingSection } from "./sections/mapping";
import { PostSection } from "./sections/post";
import { PullSection } from "./sections/pull";
import { UpdateSection } from "./sections/update";
import type { ConnectionForm, PaneServices } from "./views";

export interface AppProps {
  services: PaneServices;
  lang: Lang;
  /** Where the pane remembers the environment and client id (never the secret); null: nowhere. */
  storage: Storage | null;
  initialConnection?: Partial<ConnectionForm>;
  initialFamily?: Family;
}

export function App(props: AppProps) {
  const [lang, setLang] = useState<Lang>(props.lang);
  const [family, setFamily] = useState<Family>(props.initialFamily ?? "tax-invoices");
  const [company, setCompany] = useState<string | null>(null);
  // Each connection (or none) is a session: what the sections show of one (results, VAT figures, the
  // Undo offer, lookups) is dropped with it, by making them anew.
  const [session, setSession] = useState(0);
  const connected = (name: string | null): void => {
    setCompany(name);
    setSession((n) => n + 1);
  };
  const t = translator(lang);
  const common = { t, lang, services: props.services, family, connected: company !== null };
  return (
    <main class="ds" lang={lang}>
      <div class="row" style="align-items:center">
        <div>
          <h1>{t("title")}</h1>
          <p class="tag">{t("tagline")}</p>
        </div>
        <div style="flex:0 0 auto">
          <label for="ds-lang" class="help" style="margin:0">{t("language")}</label>
          <select id="ds-lang" value={lang} onChange={(e) => setLang((e.currentTarget as HTMLSelectElement).value as Lang)} style="width:auto">
            <option value="en">English</option>
            <option value="th">ไทย</option>
          </select>
        </div>
      </div>
      <p class={company ? "status on" : "status"} aria-live="polite">{company ? t("connectedTo", { company }) : t("notConnected")}</p>
      <ConnectSection t={t} services={props.services} storage={props.storage} initial={props.initialConnection} onConnected={connected} />
      <Fragment key={session}>
        <FamilyPicker t={t} lang={lang} services={props.services} family={family} connected={company !== null} onChange={setFamily} />
        <MappingSection {...common} lang={lang} />
        <CheckSection {...common} />
        <PostSection {...common} />
        <UpdateSection {...common} />
        <PullSection {...common} />
        <ActionsSection {...common} />
      </Fragment>
    </main>
  );
}
