// Refresh figures: the worksheet functions (DOCSHEET.…) keep what they read for the session, so a
// thousand cells share one read; this forgets it and asks the host to calculate the formulas again,
// so every cell reads the service's figures as they are now.
import type { Translate } from "../i18n";
import type { PaneServices } from "../views";
import { Message, Section, useTask } from "../ui";

export function FiguresSection(props: { t: Translate; services: PaneServices; connected: boolean }) {
  const { t, services } = props;
  const task = useTask<{ recalculated: boolean }>(t);
  const r = task.result;
  return (
    <Section id="figures" title={t("figures")}>
      <p class="help">{t("figuresHelp")}</p>
      {/* Not connected, a recalculation would only turn every DOCSHEET cell into #N/A. */}
      <button type="button" disabled={!props.connected || task.busy} onClick={() => task.run(() => services.refreshFigures())}>{t("refreshFigures")}</button>
      {task.busy && <p class="status" aria-live="polite">{t("refreshingFigures")}</p>}
      <Message tone="info" text={!props.connected ? t("needConnection") : null} />
      <Message tone="error" text={task.error} />
      <Message tone={r?.recalculated ? "ok" : "info"} text={r ? t(r.recalculated ? "figuresRefreshed" : "figuresForgotten") : null} />
    </Section>
  );
}
