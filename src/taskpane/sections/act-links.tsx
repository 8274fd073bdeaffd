// What an action made, offered by name in the pane: "Download PDF" for each PDF (its file name
// beside it), and each document's share link, to open or copy, not only in the sheet's cell.
import { useState } from "preact/hooks";
import type { Translate } from "../i18n";
import type { ActLink } from "../views";
import { rowLabel } from "./rows";

/** Copies `text`: the Clipboard API where the page may, else the older copy of a selected field. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const field = document.createElement("textarea");
    field.value = text;
    document.body.appendChild(field);
    field.select();
    const done = document.execCommand?.("copy") ?? false;
    field.remove();
    return done;
  }
}

function ShareLink(props: { t: Translate; link: ActLink }) {
  const { t, link } = props;
  const [copied, setCopied] = useState<boolean | null>(null);
  // Named as the pane's row lists name a row ("Row 2, document L1"; "Row 2" without a documentKey column).
  const where = link.row === undefined ? link.name : rowLabel(t, { row: link.row, key: link.name }, true);
  return (
    <li class="share">
      <span class="cell">{where}</span>
      <a href={link.url} target="_blank" rel="noopener noreferrer" title={link.url}>{t("shareLinkName")}</a>
      <button type="button" class="link" onClick={() => void copyText(link.url).then(setCopied)}>{t("copyLink")}</button>
      {copied !== null && <span role="status" class="help">{copied ? t("linkCopied") : t("linkNotCopied")}</span>}
    </li>
  );
}

export function ActLinks(props: { t: Translate; links: readonly ActLink[] }) {
  const { t, links } = props;
  if (links.length === 0) return null;
  return (
    <ul class="links" aria-label={t("actLinks")}>
      {links.map((l) => l.kind === "pdf"
        ? <li key={l.url} class="pdf"><a href={l.url} download={l.name} title={l.name}>{t("downloadPdf")}</a> <span class="help">{l.name}</span></li>
        : <ShareLink key={l.url} t={t} link={l} />)}
    </ul>
  );
}
