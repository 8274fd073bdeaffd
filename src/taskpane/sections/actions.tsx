// Actions on the documents of the selected rows: status, delete, payment, upgrade, PDF, e-mail,
// share link, attach a file; on withholding tax certificates status, delete and PDF.
import { useEffect, useRef, useState } from "preact/hooks";
import { ATTACHMENT_MAX_BYTES, FAMILY_INFO, upgradeTargets, type DocumentFamily, type Family } from "../../rules/codes";
import { familyEntry } from "../../families";
import { familyCard } from "../../families/cards";
import { groupDigits } from "../../sheet/i18n/plural";
import { statusText } from "../../sheet/i18n/status";
import type { Lang, Translate } from "../i18n";
import { describeError } from "../errors";
import { today } from "../services";
import { type ActionKind, type ActionRequest, type ActView, type PaneServices, type SelectedDocument, type ShownView } from "../views";
import { Message, Section, useTask } from "../ui";
import { emptyPayment, PaymentFields, paymentRequest, useChannels, usePaymentRules, type PaymentForm } from "./payment";
import { sameDocuments, serialList, ShownLine, useShown } from "./shown";
import { Progressbar, progressCounts } from "./progressbar";
import { ActLinks } from "./act-links";
import { RowNotes } from "./rows";
import { recordLabel } from "./family-words";

/** Which actions a family has: its card's acts, in the pane's order. */
export function actionsFor(family: DocumentFamily): readonly ActionKind[] {
  return familyCard(family).acts;
}

const isEmail = (text: string): boolean => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(text.trim());

export function ActionsSection(props: { t: Translate; lang: Lang; services: PaneServices; family: DocumentFamily; connected: boolean }) {
  const { t, services, family } = props;
  // The payment and upgrade parts below are reached only where the family's card has those acts
  // (document families: their side of the payment, what they upgrade to).
  const entry = familyEntry(family);
  const statuses = entry.statuses;
  const kinds = actionsFor(family).filter((k) => services.actionKinds.includes(k));
  const info = entry.acts.includes("payment") ? FAMILY_INFO[family as Family] : undefined;
  const [kind, setKind] = useState<ActionKind>("status");
  const [status, setStatus] = useState(statuses[0] ?? "");
  const [from, setFrom] = useState("");
  const [email, setEmail] = useState("");
  const [file, setFile] = useState<ActionRequest["file"]>();
  const targets = entry.acts.includes("upgrade") ? upgradeTargets(family as Family) : [];
  const [upgradeTo, setUpgradeTo] = useState<Family | undefined>(targets[0]);
  // The family may change under a kept choice: fall back to its first target.
  const currentTarget = upgradeTo && targets.includes(upgradeTo) ? upgradeTo : targets[0];
  const [problem, setProblem] = useState<string | null>(null);
  // Delete asks first, inside the pane (Office add-ins cannot open window.confirm), naming the
  // documents it would delete: only those are deleted.
  const [confirming, setConfirming] = useState<SelectedDocument[] | "reading" | null>(null);
  // The selection changed since the form showed it: Run asks first, naming what it now holds.
  const [moved, setMoved] = useState<SelectedDocument[] | null>(null);
  const [payment, setPayment] = useState<PaymentForm>(() => emptyPayment(today()));
  const task = useTask<ActView>(t);
  const act = services.act;
  const current = kinds.includes(kind) ? kind : "status";
  const currentStatus = statuses.includes(status) ? status : statuses[0];
  const paying = current === "payment" && props.connected && info !== undefined;
  const channels = useChannels(t, services, paying);
  const [reread, setReread] = useState(0);
  const shown = useShown(t, props.lang, services, family, props.connected, reread);
  const rules = usePaymentRules();

  async function askDelete() {
    setConfirming("reading");
    try {
      const documents = await services.selectedDocuments(family);
      setConfirming(documents.length > 0 ? documents : null);
      if (documents.length === 0) setProblem(t("confirmDeleteNone"));
    } catch (err) {
      setConfirming(null);
      setProblem(describeError(err, t));
    }
  }

  // A Run while the form is still reading the selection waits for it: it acts on what the form shows.
  const afterRead = useRef(false);
  useEffect(() => {
    if (shown.reading || !afterRead.current) return;
    afterRead.current = false;
    void checkThenRun();
  }, [shown.reading]);

  /** The request as the form now stands, settled against `view` (the documents it runs on), or the problem to show. */
  function request(view: ShownView | null): ActionRequest | string {
    const pay = current === "payment" && info ? paymentRequest(t, payment, info.side, channels.lists, props.lang, view, rules) : undefined;
    if (typeof pay === "string") return pay;
    return { kind: current, status: currentStatus, from: from.trim(), email: email.trim(), upgradeTo: currentTarget, file, payment: pay };
  }

  /** Runs on the documents the form shows when the selection still holds exactly them; else asks first. */
  async function checkThenRun() {
    setConfirming("reading");
    if (shown.reading) {
      afterRead.current = true;
      return;
    }
    try {
      const now = await services.selectedDocuments(family);
      setConfirming(null);
      // A form that could not read its documents (another company's sheet) says why; Run then says
      // it again, from the action itself.
      if (shown.error === null && !sameDocuments(shown.view?.documents ?? [], now)) {
        setReread((n) => n + 1); // the form follows the selection again
        return now.length === 0 ? setProblem(t("selectionMovedNone")) : setMoved(now);
      }
      const made = request(shown.view);
      return typeof made === "string" ? setProblem(made) : go(made, now);
    } catch (err) {
      setConfirming(null);
      setProblem(describeError(err, t));
    }
  }

  /** Runs on exactly `documents` (the action refuses if the selection holds others by then). */
  function go(made: ActionRequest, documents: SelectedDocument[]) {
    setMoved(null);
    const expect = { expect: documents.map((d) => d.recordId), ...(documents[0] ? { expectSheet: documents[0].sheet } : {}) };
    void task.run((ctx) => act(family, { ...made, ...expect }, { ...ctx, lang: props.lang })).then(() => setReread((n) => n + 1));
  }

  function start(confirmed = false) {
    setProblem(null);
    setMoved(null);
    // The service needs a sender; the recipient defaults to each row's contactEmail.
    if (current === "email" && !isEmail(from)) return setProblem(t("required", { field: t("fromEmail") }));
    if (current === "email" && email.trim() !== "" && !isEmail(email)) return setProblem(t("required", { field: t("email") }));
    if (current === "attach" && !file) return setProblem(t("required", { field: t("file") }));
    if (current === "attach" && file && file.bytes.length > ATTACHMENT_MAX_BYTES) return setProblem(t("fileTooLarge", { name: file.name }));
    if (current === "delete" && !confirmed) return void askDelete();
    // A delete runs on the documents its prompt named; every other action on those the form shows.
    if (current === "delete" && Array.isArray(confirming)) {
      const made = request(null);
      setConfirming(null);
      return typeof made === "string" ? setProblem(made) : go(made, confirming);
    }
    void checkThenRun();
  }

  /** Run confirmed on a moved selection: the action settles each document against the service's copy itself. */
  function confirmMoved(documents: SelectedDocument[]) {
    const made = request(null);
    if (typeof made === "string") return setProblem(made);
    go(made, documents);
  }

  async function pick(input: HTMLInputElement) {
    const chosen = input.files?.[0];
    setFile(chosen ? { name: chosen.name, bytes: new Uint8Array(await chosen.arrayBuffer()) } : undefined);
  }

  return (
    <Section id="actions" title={t("actions")}>
      <p class="help">{t("actionsHelp")}</p>
      <label for="ds-action">{t("action")}</label>
      <select id="ds-action" value={current} onChange={(e) => { setConfirming(null); setProblem(null); setKind((e.currentTarget as HTMLSelectElement).value as ActionKind); }}>
        {kinds.map((k) => <option key={k} value={k}>{t(`act_${k}`)}</option>)}
      </select>
      {current === "status" && (
        <>
          <label for="ds-status">{t("status")}</label>
          <select id="ds-status" value={currentStatus} onChange={(e) => setStatus((e.currentTarget as HTMLSelectElement).value)}>
            {statuses.map((s) => <option key={s} value={s}>{statusText(s, props.lang, family)}</option>)}
          </select>
        </>
      )}
      {current === "upgrade" && (
        <>
          <label for="ds-upgrade">{t("upgradeTo")}</label>
          <p class="help">{t("upgradeHelp")}</p>
          <select id="ds-upgrade" value={currentTarget} onChange={(e) => setUpgradeTo((e.currentTarget as HTMLSelectElement).value as Family)}>
            {targets.map((f) => <option key={f} value={f}>{FAMILY_INFO[f].label[props.lang]}</option>)}
          </select>
        </>
      )}
      {current === "email" && (
        <>
          <label for="ds-from">{t("fromEmail")}</label>
          <input id="ds-from" type="email" value={from} onInput={(e) => setFrom(e.currentTarget.value)} />
          <label for="ds-email">{t("email")}</label>
          <input id="ds-email" type="email" value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
        </>
      )}
      {current === "attach" && (
        <>
          <label for="ds-file">{t("file")}</label>
          <p class="help">{t("attachHelp")}</p>
          <input id="ds-file" type="file" accept=".pdf,.png,.jpg,.jpeg,.bmp,.doc,.docx,.xls,.xlsx,.ppt,.pptx" onChange={(e) => void pick(e.currentTarget)} />
        </>
      )}
      {current === "payment" && info ? (
        <PaymentFields t={t} lang={props.lang} side={info.side} form={payment} lists={channels.lists} error={channels.error} onChange={setPayment}
          due={shown} onReread={() => setReread((n) => n + 1)} rules={rules} />
      ) : props.connected && <ShownLine t={t} lang={props.lang} shown={shown} />}
      <button class="primary" type="button" disabled={!props.connected || task.busy || confirming !== null || moved !== null} onClick={() => start()}>{t("runAction")}</button>
      {moved && (
        <div class="confirm" role="alertdialog" aria-labelledby="ds-moved-text">
          <p id="ds-moved-text">{t("selectionMoved", { n: moved.length, serials: serialList(moved) })}</p>
          <button class="primary" type="button" onClick={() => confirmMoved(moved)}>{t("selectionMovedYes", { n: moved.length })}</button>
          <button type="button" ref={(b) => b?.focus()} onClick={() => setMoved(null)}>{t("selectionMovedNo")}</button>
        </div>
      )}
      {Array.isArray(confirming) && (
        <div class="confirm" role="alertdialog" aria-labelledby="ds-confirm-text">
          <p id="ds-confirm-text">{t("confirmDeleteSome", { n: confirming.length, serials: serialList(confirming) })}</p>
          <button class="danger" type="button" onClick={() => start(true)}>{t("confirmYes")}</button>
          <button type="button" ref={(b) => b?.focus()} onClick={() => setConfirming(null)}>{t("confirmNo")}</button>
        </div>
      )}
      {task.busy && <button type="button" onClick={task.cancel}>{t("cancel")}</button>}
      {task.busy && task.progress && <Progressbar done={task.progress.done} total={task.progress.total} label={t("acting", progressCounts(task.progress))} />}
      <Message tone="info" text={!props.connected ? t("needConnection") : null} />
      <Message tone="error" text={problem ?? task.error} />
      {/* Green only when something was done: "0 done, 2 skipped" is information, not success. */}
      <Message tone={task.cancelled ? "info" : task.result && task.result.failed > 0 ? "error" : task.result && task.result.ok === 0 ? "info" : "ok"}
        text={task.result ? t(task.cancelled ? "actCancelled" : "actDone", { ok: groupDigits(task.result.ok), skipped: groupDigits(task.result.skipped), failed: groupDigits(task.result.failed) }) : null} />
      <RowNotes t={t} services={services} sheet={task.result?.sheet} rows={task.result?.rows} labelOf={(n) => recordLabel(t, props.lang, family, n)} />
      {task.result && <ActLinks t={t} links={task.result.links} />}
    </Section>
  );
}
