// Connect: environment, client id and secret, "test connection". The secret stays in this
// component's memory; only the environment, custom root and client id are remembered (per session).
import { useState } from "preact/hooks";
import type { Translate } from "../i18n";
import { ENVIRONMENT_NAMES, validRoot, type ConnectionForm, type Environment, type PaneServices } from "../services";
import { Message, Section, useTask } from "../ui";

const REMEMBERED = "docsheet.connection";

export function rememberedForm(storage: Storage | null): Partial<ConnectionForm> {
  try {
    const saved = JSON.parse(storage?.getItem(REMEMBERED) ?? "{}") as Partial<ConnectionForm>;
    return { environment: saved.environment, customRoot: saved.customRoot, clientId: saved.clientId };
  } catch {
    return {};
  }
}

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
  const task = useTask<string>(t);
  const set = (patch: Partial<ConnectionForm>) => setForm({ ...form, ...patch });

  async function test(e: Event) {
    e.preventDefault();
    setProblem(null);
    if (form.environment === "custom" && !validRoot(form.customRoot.trim())) return setProblem(t("badUrl"));
    if (!form.clientId.trim()) return setProblem(t("required", { field: t("clientId") }));
    if (!form.clientSecret) return setProblem(t("required", { field: t("clientSecret") }));
    // Never the secret: only where to connect and as whom.
    props.storage?.setItem(REMEMBERED, JSON.stringify({ environment: form.environment, customRoot: form.customRoot, clientId: form.clientId }));
    await task.run(async () => {
      services.disconnect();
      setCompany(null);
      props.onConnected(null);
      const name = await services.connect(form);
      setCompany(name);
      props.onConnected(name);
      return name;
    });
  }

  return (
    <Section id="connect" title={t("connect")} open>
      <form onSubmit={test}>
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
