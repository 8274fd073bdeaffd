// What an action form shows and runs on: the selected rows' posted documents, read again whenever
// the selection or the sheet changes (Excel's selection-changed events, the preview grid's
// selection), when asked, and after each run; with one selected, its serial, customer and amount
// due as the service has them. Another company's sheet is said here, as every action says it.
import { useEffect, useState } from "preact/hooks";
import type { DocumentFamily } from "../../rules/codes";
import { describeError } from "../errors";
import type { Lang, Translate } from "../i18n";
import { formatMoney } from "../money";
import type { PaneServices, SelectedDocument, ShownView } from "../views";
import { Message } from "../ui";

export interface Shown {
  view: ShownView | null;
  reading: boolean;
  error: string | null;
}

/** The selection as the form shows it; `nonce` asks for a read again. */
export function useShown(t: Translate, lang: Lang, services: PaneServices, family: DocumentFamily, wanted: boolean, nonce: number): Shown {
  const [view, setView] = useState<ShownView | null>(null);
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [moved, setMoved] = useState(0);
  useEffect(() => (wanted ? services.watchSelection(() => setMoved((n) => n + 1)) : undefined), [wanted, services]);
  // Another connection is another company: what it may act on is read again.
  const company = services.company?.()?.id;
  useEffect(() => {
    if (!wanted) return undefined;
    const abort = new AbortController();
    setReading(true);
    setError(null);
    services.shown(family, { lang, signal: abort.signal }).then((read) => {
      if (abort.signal.aborted) return;
      setView(read);
      setReading(false);
    }, (err: unknown) => {
      if (abort.signal.aborted) return;
      setView(null);
      setReading(false);
      setError(describeError(err, t));
    });
    return () => abort.abort();
  }, [wanted, family, services, lang, nonce, moved, company]);
  return { view: wanted ? view : null, reading: wanted && reading, error: wanted ? error : null };
}

/** The serials a line names: the first ten, then "…". */
export function serialList(documents: readonly SelectedDocument[]): string {
  const shown = documents.slice(0, 10).map((d) => d.serial).join(", ");
  return documents.length > 10 ? `${shown}, …` : shown;
}

/** Whether the selection now holds exactly the documents the form shows. */
export function sameDocuments(shown: readonly SelectedDocument[], now: readonly SelectedDocument[]): boolean {
  const key = (ds: readonly SelectedDocument[]) => ds.map((d) => `${d.sheet}\u0000${d.recordId}`).sort().join("\u0001");
  return key(shown) === key(now);
}

/** The documents a form will act on, in a line (the payment form has its own, with the amounts). */
export function ShownLine(props: { t: Translate; lang: Lang; shown: Shown }) {
  const { t, shown } = props;
  const view = shown.view;
  const one = view?.one;
  const money = (v: string): string => formatMoney(v, props.lang);
  const text = shown.reading ? t("shownReading")
    : one?.mismatch ? one.mismatch
      : one?.owing?.paid ? t("payDuePaid", { serial: one.serial, customer: one.customer, total: money(one.grandTotal) })
      : one && one.owing && one.owing.receipts.length > 0
        ? t("shownOneOwing", { serial: one.serial, customer: one.customer, due: money(one.owing.stillDue), total: money(one.grandTotal), receipts: one.owing.receipts.join(", ") })
        : one ? t("shownOne", { serial: one.serial, customer: one.customer, due: money(one.grandTotal) })
          : view && view.documents.length > 0 ? t("shownMany", { n: view.documents.length, serials: serialList(view.documents) })
            : view ? t("shownNone") : "";
  return (
    <>
      {text && <p id="ds-shown" class="help">{text}</p>}
      <Message tone="error" text={shown.error} />
    </>
  );
}
