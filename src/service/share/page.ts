// The page a share link opens: the document as a standalone HTML page (no scripts, no external
// files), in Thai or English, from the same view as the PDF. Everything from the document is
// escaped, so a contact named "<script>" is shown, not run.
import { documentView, type DocumentRenderInput } from "../pdf/view";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Links the page may carry: site-relative or http(s), never javascript: and the like. */
const SAFE_URL = /^(\/(?!\/)|https?:\/\/)/i;

/** Escaped text with its line breaks kept. */
const multiline = (text: string) => escapeHtml(text).replace(/\r?\n/g, "<br>");

export interface SharePageInput extends DocumentRenderInput {
  /** Where the PDF of the document can be downloaded, if the core offers it. */
  pdfUrl?: string;
}

const STYLE = `
body{font-family:"Sarabun","Noto Sans Thai","Waree",system-ui,sans-serif;color:#1a1a1a;background:#f4f5f7;margin:0;padding:24px}
main{max-width:860px;margin:0 auto;background:#fff;padding:32px;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.1)}
header{display:flex;justify-content:space-between;gap:24px;flex-wrap:wrap}
h1{margin:0;font-size:26px;text-align:right}
.company h2{margin:0 0 4px;font-size:18px}.muted{color:#555;font-size:13px;margin:2px 0}
dl{display:grid;grid-template-columns:auto auto;gap:2px 16px;margin:8px 0 0;font-size:14px}dt{font-weight:600}dd{margin:0;text-align:right}
.contact{border:1px solid #ccc;border-radius:6px;padding:12px;margin:20px 0}
table{width:100%;border-collapse:collapse;font-size:14px}th{background:#eef1f5;text-align:left;padding:6px}
td{padding:6px;border-bottom:1px solid #ddd;vertical-align:top}.num{text-align:right;white-space:nowrap}.center{text-align:center}
.totals{margin-left:auto;margin-top:12px;width:min(100%,360px)}.totals td{border:0;padding:3px 6px}.strong td{font-weight:700;background:#eef1f5}
.notes{margin-top:16px;font-size:14px}a.pdf{display:inline-block;margin-top:20px}
`;

export function renderSharePage(input: SharePageInput): string {
  const v = documentView(input);
  const l = v.labels;
  const meta = v.meta.map((m) => `<dt>${escapeHtml(m.label)}</dt><dd>${escapeHtml(m.value)}</dd>`).join("");
  const rows = v.lines
    .map(
      (line) =>
        `<tr><td class="center">${escapeHtml(line.no)}</td><td>${escapeHtml(line.name)}` +
        (line.description ? `<div class="muted">${multiline(line.description)}</div>` : "") +
        `</td><td class="num">${escapeHtml(line.quantity)}</td><td class="center">${escapeHtml(line.unit)}</td>` +
        `<td class="num">${escapeHtml(line.price)}</td><td class="num">${escapeHtml(line.discount)}</td>` +
        `<td class="center">${escapeHtml(line.vat)}</td><td class="num">${escapeHtml(line.total)}</td></tr>`,
    )
    .join("");
  const totals = v.totals
    .map((t) => `<tr${t.strong ? ' class="strong"' : ""}><td>${escapeHtml(t.label)}</td><td class="num">${escapeHtml(t.value)}</td></tr>`)
    .join("");
  const notes = [
    v.inWords ? `<p><strong>(${escapeHtml(v.inWords)})</strong></p>` : "",
    v.vatNote ? `<p>${escapeHtml(v.vatNote)}</p>` : "",
    v.remarks ? `<h3>${escapeHtml(l.remarks)}</h3><p>${multiline(v.remarks)}</p>` : "",
  ].join("");
  const pdf = input.pdfUrl && SAFE_URL.test(input.pdfUrl) ? `<a class="pdf" href="${escapeHtml(input.pdfUrl)}" download>PDF</a>` : "";
  return `<!doctype html>
<html lang="${v.culture}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(`${v.title} ${v.serial}`.trim())}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header>
<section class="company"><h2>${escapeHtml(v.company.name)}</h2>${v.company.lines.map((x) => `<p class="muted">${escapeHtml(x)}</p>`).join("")}</section>
<section><h1>${escapeHtml(v.title)}</h1><dl>${meta}</dl></section>
</header>
<section class="contact"><div class="muted">${escapeHtml(v.contactHeading)}</div><strong>${escapeHtml(v.contact.name)}</strong>${v.contact.lines.map((x) => `<p class="muted">${escapeHtml(x)}</p>`).join("")}</section>
<table>
<thead><tr><th class="center">${escapeHtml(l.no)}</th><th>${escapeHtml(l.description)}</th><th class="num">${escapeHtml(l.quantity)}</th><th class="center">${escapeHtml(l.unit)}</th><th class="num">${escapeHtml(l.price)}</th><th class="num">${escapeHtml(l.discount)}</th><th class="center">${escapeHtml(l.vat)}</th><th class="num">${escapeHtml(l.amount)}</th></tr></thead>
<tbody>${rows}</tbody>
</table>
<table class="totals"><tbody>${totals}</tbody></table>
<section class="notes">${notes}</section>
${pdf}
</main>
</body>
</html>
`;
}
