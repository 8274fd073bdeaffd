// Connect: environment, client id and secret, "test connection". The secret stays in this
// component's memory; the environment, custom root and client id are remembered with the company
// each reached (remembered.ts), offered again, and on a workbook posted to a company the
// connection it was posted with is filled in.
import { useEffect, useState } from "preact/hooks";
import type { Translate } from "../i18n";
import { sameCompany } from "../../jobs/same-company";
import { connectionFor, remember, rememberedConnections, rememberedForm, type RememberedConnection } from "../remembered";
import { validRoot } from "../services";
import { ENVIRONMENT_NAMES, type CompanyView, type ConnectionForm, type Environment, type PaneServices } from "../views";
import { Message, Section, useTask } from "../ui";

export function ConnectSection(props: {
  t: Translate;
  services: PaneServices;
  storage: Storage | null;
  initial?: Partial<ConnectionForm>;
  onConnected: (company: string | null) => void;
}) {
  const { t, services } = props;
  const start = { ...rememberedForm(props.storage), ...props.initial };
  const [form, setForm] = useState<ConnectionForm>({
    environment: start.environment ?? "local",
    customRoot: start.customRoot ?? "",
    clientId: start.clientId ?? "",
    clientSecret: start.clientSecret ?? "",
  });
  const [company, setCompany] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [known, setKnown] = useState<RememberedConnection[]>(() => rememberedConnections(props.storage));
  /** The company the workbook was posted to, and whether its connection was filled in. */
  const [workbook, setWorkbook] = useState<{ company: CompanyView; offered?: RememberedConnection } | null>(null);
  const task = useTask<string>(t);
  const set = (patch: Partial<ConnectionForm>) => setForm({ ...form, ...patch });
  const pick = (c: RememberedConnection) => setForm({ environment: c.environment, customRoot: c.customRoot ?? "", clientId: c.clientId, clientSecret: "" });

  /** The company the workbook was posted to, read again; `fill`: its connection goes into the form. */
  const lookAtWorkbook = async (fill: boolean): Promise<void> => {
    const c = await services.workbookCompany?.().catch(() => null); // no record to read: nothing to offer
    if (!c) return setWorkbook(null);
    const offered = connectionFor(props.storage, c);
    setWorkbook({ company: c, offered });
    if (fill && offered) pick(offered);
  };
  // A workbook posted to a company: the connection it was posted with is filled in (never its secret).
  useEffect(() => {
    void lookAtWorkbook(!props.initial?.clientId && !services.isConnected());
  }, [services]);

  async function test(e: Event) {
    e.preventDefault();
    setProblem(null);
    if (form.environment === "custom" && !validRoot(form.customRoot.trim())) return setProblem(t("badUrl"));
    if (!form.clientId.trim()) return setProblem(t("required", { field: t("clientId") }));
    if (!form.clientSecret) return setProblem(t("required", { field: t("clientSecret") }));
    remember(props.storage, form);
    await task.run(async () => {
      services.disconnect();
      setCompany(null);
      props.onConnected(null);
      const name = await services.connect(form);
      // Remembered with the company it reached: offered again on a workbook posted to it.
      remember(props.storage, form, services.company?.() ?? { name });
      setKnown(rememberedConnections(props.storage));
      setCompany(name);
      props.onConnected(name);
      await lookAtWorkbook(false);
      return name;
    });
  }

  const connectedTo = services.company?.() ?? null;
  const other = workbook && company && connectedTo && !sameCompany(workbook.company, connectedTo);
  const offer = !workbook ? null
    : other ? t("workbookOther", { company: workbook.company.name, connected: connectedTo!.name })
    : company ? null
    : workbook.offered ? t("workbookOffer", { company: workbook.company.name, clientId: workbook.offered.clientId })
    : t("workbookCompany", { company: workbook.company.name });

  return (
    <Section id="connect" title={t("connect")} open>
      <Message tone={other ? "error" : "info"} text={offer} />
      <form onSubmit={test}>
        {known.length > 0 && (
          <>
            <label for="ds-remembered">{t("remembered")}</label>
            <select id="ds-remembered" value="" onChange={(e) => {
              const c = known[Number((e.currentTarget as HTMLSelectElement).value)];
              if (c) pick(c);
            }}>
              <option value="">{t("rememberedPick")}</option>
              {known.map((c, i) => <option value={String(i)} key={i}>{[c.company?.name, c.clientId, c.environment === "custom" ? c.customRoot : t(`env_${c.environment}`)].filter(Boolean).join(" · ")}</option>)}
            </select>
          </>
        )}
        <label for="ds-env">{t("environment")}</label>
        <select id="ds-env" value={form.environment} onChange={(e) => set({ environment: (e.currentTarget as HTMLSelectElement).value as Environment })}>
          {ENVIRONMENT_NAMES.map((env) => <option value={env} key={env}>{t(`env_${env}`)}</option>)}
        </select>
        {form.environment === "custom" && (
          <>
            <label for="ds-root">{t("customRoot")}</label>
            <input id="ds-root" type="url" placeholder="https://…/v1" value={form.customRoot} onInput={(e) => set({ customRoot: e.currentTarget.value })} />
          </>
        )}
        <label for="ds-client-id">{t("clientId")}</label>
        <input id="ds-client-id" autocomplete="username" value={form.clientId} onInput={(e) => set({ clientId: e.currentTarget.value })} />
        <label for="ds-secret">{t("clientSecret")}</label>
        <input id="ds-secret" type="password" autocomplete="current-password" value={form.clientSecret} onInput={(e) => set({ clientSecret: e.currentTarget.value })} />
        <p class="help">{t("secretNote")}</p>
        <button class="primary" type="submit" disabled={task.busy}>{task.busy ? t("testing") : t("testConnection")}</button>
        {company && (
          <button type="button" onClick={() => { services.disconnect(); setCompany(null); props.onConnected(null); task.reset(); }}>{t("disconnect")}</button>
        )}
      </form>
      <Message tone="error" text={problem ?? task.error} />
      <Message tone="ok" text={company ? t("connectedTo", { company }) : null} />
    </Section>
  );
}
