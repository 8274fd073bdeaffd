// Journal vouchers, contacts and products: check (problems at their cells), post (journal vouchers
// approved, or saved as drafts when asked), send edits of posted contacts and products, and pull
// into a new sheet in the same layout.
import { familyCard } from "../../families/cards";
import { useState } from "preact/hooks";
import type { BookFamily } from "../../rules/codes";
import { groupCounts } from "../../sheet/i18n/plural";
import type { Lang, Translate } from "../i18n";
import type { BookPostView, CheckView, PaneServices, PullView } from "../views";
import { Message, Section, useResultScope, useTask } from "../ui";
import { CheckVerdict, FindingList } from "./check";
import { RowNotes } from "./rows";
import { UndoControl } from "./undo";

export function BooksSection(props: { t: Translate; lang: Lang; services: PaneServices; family: BookFamily; connected: boolean }) {
  const { t, lang, services, family } = props;
  const books = services.books;
  const [draft, setDraft] = useState(false);
  const checking = useTask<CheckView>(t);
  const posting = useTask<BookPostView>(t);
  const updating = useTask<BookPostView>(t);
  const pulling = useTask<PullView>(t);
  // A journal's counts are not the contacts' (nor another sheet's).
  useResultScope(checking, family, (r) => r.sheet);
  useResultScope(posting, family, (r) => r.sheet);
  useResultScope(updating, family, (r) => r.sheet);
  useResultScope(pulling, family, (r) => r.sheet);
  const busy = checking.busy || posting.busy || updating.busy || pulling.busy;
  const posted = posting.result;
  const updated = updating.result;
  return (
    <Section id="books" title={t("books")} open>
      <p class="help">{t("booksHelp")}</p>
      <button class="primary" type="button" disabled={busy} onClick={() => checking.run((ctx) => books.check(family, { ...ctx, lang }))}>
        {checking.busy ? t("checking") : t("runCheck")}
      </button>
      <Message tone="error" text={checking.error} />
      {checking.result && (
        <>
          <CheckVerdict t={t} lang={lang} view={checking.result} family={family} />
          <FindingList t={t} lang={lang} services={services} findings={checking.result.findings} />
        </>
      )}
      {familyCard(family).drafts && (
        <label style="font-weight:400"><input id="ds-draft" type="checkbox" checked={draft} onChange={(e) => setDraft(e.currentTarget.checked)} />{t("saveDraft")}</label>
      )}
      <div class="row">
        <button class="primary" type="button" disabled={!props.connected || busy} onClick={() => posting.run((ctx) => books.post(family, draft, { ...ctx, lang }))}>{t("runBookPost")}</button>
        {familyCard(family).updates && (
          <button type="button" disabled={!props.connected || busy} onClick={() => updating.run((ctx) => books.update(family, { ...ctx, lang }))}>{t("runBookUpdate")}</button>
        )}
        <button type="button" disabled={!props.connected || busy} onClick={() => pulling.run((ctx) => books.pull(family, { ...ctx, lang }))}>{t("runBookPull")}</button>
      </div>
      <Message tone="info" text={!props.connected ? t("needConnection") : null} />
      <Message tone="error" text={posting.error ?? updating.error ?? pulling.error} />
      <Message tone={posted && posted.counts.notSent + posted.counts.failed > 0 ? "error" : "ok"} text={posted ? t("bookPosted", groupCounts(posted.counts)) : null} />
      {posted?.marked && <FindingList t={t} lang={lang} services={services} findings={posted.marked} label={t("postMarked")} />}
      <RowNotes t={t} services={services} sheet={posted?.sheet} rows={posted?.rows} />
      <Message tone={updated && updated.counts.notSent + updated.counts.failed > 0 ? "error" : "ok"} text={updated ? t("bookUpdated", groupCounts(updated.counts)) : null} />
      <RowNotes t={t} services={services} sheet={updated?.sheet} rows={updated?.rows} />
      <Message tone="ok" text={pulling.result ? t("pullDone", groupCounts({ rows: pulling.result.rows, sheet: pulling.result.sheet })) : null} />
      {/* Contacts and products the last post created are deleted; a journal voucher's rows say the service cannot. */}
      <UndoControl t={t} lang={lang} services={services} family={family} connected={props.connected} />
    </Section>
  );
}
