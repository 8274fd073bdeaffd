// The task pane: Connect, the family picker, Columns (the mapping), Check, Post, Update, Pull and Actions,
// and Refresh figures for the worksheet functions, in English or Thai. The same sections for every
// family: what differs is read from its card (whether it updates, its acts, its pull's filters).
// Connect and the family picker paint first; the other sections come in their own chunk right
// after (sections/deferred.ts), so Excel shows the pane sooner each time it opens.
import { Fragment } from "preact";
import { useEffect, useState } from "preact/hooks";
import type { DocumentFamily, SheetFamily } from "../rules/codes";
import { familyCard } from "../families/cards";
import { translator, type Lang } from "./i18n";
import { ConnectSection } from "./sections/connect";
import type * as Deferred from "./sections/deferred";
import { FamilyPicker } from "./sections/family";
import { ActiveSheet } from "./ui";
import type { ConnectionForm, PaneServices } from "./views";

declare const __webpack_require__: unknown;

let deferred: typeof Deferred | undefined;

/** The deferred sections when already here. Under jest (CommonJS, no chunks) they are required at
 * once, so a test's first render has them; under webpack the branch is decided at build time. */
function deferredNow(): typeof Deferred | undefined {
  if (!deferred && typeof __webpack_require__ !== "function") deferred = require("./sections/deferred") as typeof Deferred;
  return deferred;
}

/** Fetches the deferred sections' chunk (once). The path is cast so tsc (nodenext) accepts it. */
export async function loadDeferredSections(): Promise<typeof Deferred> {
  deferred ??= deferredNow() ?? ((await import(/* webpackChunkName: "sections" */ "./sections/deferred" as string)) as typeof Deferred);
  return deferred;
}

export interface AppProps {
  services: PaneServices;
  lang: Lang;
  /** Where the pane remembers the environment and client id (never the secret); null: nowhere. */
  storage: Storage | null;
  initialConnection?: Partial<ConnectionForm>;
  initialFamily?: SheetFamily;
  /** Told when the user picks another language (the preview redraws its grid's words). */
  onLang?: (lang: Lang) => void;
}

export function App(props: AppProps) {
  const [lang, setLang] = useState<Lang>(props.lang);
  const [family, setFamily] = useState<SheetFamily>(props.initialFamily ?? "tax-invoices");
  const [company, setCompany] = useState<string | null>(null);
  // Each connection (or none) is a session: what the sections show of one (results, VAT figures, the
  // Undo offer, lookups) is dropped with it, by making them anew.
  const [session, setSession] = useState(0);
  const connected = (name: string | null): void => {
    setCompany(name);
    setSession((n) => n + 1);
  };
  const [sections, setSections] = useState(deferredNow);
  useEffect(() => {
    if (!sections) void loadDeferredSections().then(setSections, () => undefined);
  }, []);
  // The active sheet, where the host tells it: sections drop results of another sheet (ui.tsx).
  const [sheet, setSheet] = useState<string | null>(null);
  useEffect(() => props.services.watchSheet?.(setSheet), [props.services]);
  const t = translator(lang);
  const common = { t, lang, services: props.services, connected: company !== null };
  const card = familyCard(family);
  return (
    <main class="ds" lang={lang}>
      <div class="row" style="align-items:center">
        <div>
          <h1>{t("title")}</h1>
          <p class="tag">{t("tagline")}</p>
        </div>
        <div style="flex:0 0 auto">
          <label for="ds-lang" class="help" style="margin:0">{t("language")}</label>
          <select id="ds-lang" value={lang} onChange={(e) => {
            const picked = (e.currentTarget as HTMLSelectElement).value as Lang;
            setLang(picked);
            props.onLang?.(picked);
          }} style="width:auto">
            <option value="en">{t("languageEnglish")}</option>
            <option value="th">{t("languageThai")}</option>
          </select>
        </div>
      </div>
      <p class={company ? "status on" : "status"} aria-live="polite">{company ? t("connectedTo", { company }) : t("notConnected")}</p>
      <ConnectSection t={t} services={props.services} storage={props.storage} initial={props.initialConnection} onConnected={connected} />
      <ActiveSheet.Provider value={sheet}>
      <Fragment key={session}>
        <FamilyPicker t={t} lang={lang} services={props.services} family={family} connected={company !== null} onChange={setFamily} />
        {sections && (
          <>
            <sections.MappingSection {...common} family={family} />
            <sections.CheckSection {...common} family={family} />
            <sections.PostSection {...common} family={family} />
            {card.updates && <sections.UpdateSection {...common} family={family} />}
            <sections.PullSection {...common} family={family} />
            {/* The families with acts are the act job's (documents, certificates). */}
            {card.acts.length > 0 && <sections.ActionsSection {...common} family={family as DocumentFamily} />}
          </>
        )}
        {sections && <sections.FiguresSection {...common} />}
      </Fragment>
      </ActiveSheet.Provider>
    </main>
  );
}
