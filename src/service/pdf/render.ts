// A document as a PDF laid out like a Thai tax invoice: seller block and title, document data,
// buyer block, the line table, totals with VAT and withholding apart, the amount in words,
// remarks, signatures and page numbers. Text is Thai-shaped by pdfkit with an embedded Thai+Latin
// font shipped in assets/fonts (the PDF never depends on fonts installed on the machine).
import PDFDocument from "pdfkit";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { drawLine, drawLines, lineHeight, wrapText, type Align } from "./text";
import { documentView, type DocumentRenderInput, type DocumentView, type LineView } from "./view";

export type Version = "original" | "copy";

export interface PdfRenderInput extends DocumentRenderInput {
  /** Pages to produce, in order; defaults to the original (or the copy when `copy` is set). */
  versions?: Version[];
}

const FONT_DIR = join(__dirname, "../../../assets/fonts");
// pdfkit accepts a parsed fontkit font in place of the file: parsing once per process (and keeping
// fontkit's glyph caches warm) is most of what makes the second PDF fast. fontkit is pdfkit's own
// dependency, so it is resolved from pdfkit's location.
const fontkit = createRequire(require.resolve("pdfkit"))("fontkit") as { create(data: Buffer): unknown };
type ParsedFont = Parameters<PDFKit.PDFDocument["registerFont"]>[1] & { postscriptName: string };
let fonts: { regular: ParsedFont; bold: ParsedFont } | undefined;

interface Run {
  glyphs: unknown[];
  positions: object[];
}
const LAYOUT_CACHE_LIMIT = 20_000;

/**
 * The font with shaping results kept across documents. pdfkit caches shaped words per document
 * only, and scales the positions of what it gets in place, so each caller receives fresh copies
 * of the positions (glyphs are read-only to pdfkit).
 */
function withLayoutCache(font: object): object {
  const layout = (font as { layout: (text: string, features?: unknown) => Run }).layout.bind(font);
  const cache = new Map<string, Run>();
  const cached = Object.create(font) as { layout: (text: string, features?: unknown) => Run };
  cached.layout = (text: string, features?: unknown) => {
    if (features !== undefined) return layout(text, features);
    let run = cache.get(text);
    if (!run) {
      run = layout(text);
      if (cache.size >= LAYOUT_CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
      cache.set(text, run);
    }
    const copy = Object.assign(Object.create(Object.getPrototypeOf(run)) as Run, run);
    copy.positions = run.positions.map((p) => Object.assign(Object.create(Object.getPrototypeOf(p)) as object, p));
    return copy;
  };
  return cached;
}

function parsedFonts(): { regular: ParsedFont; bold: ParsedFont } {
  const open = (file: string) => withLayoutCache(fontkit.create(readFileSync(join(FONT_DIR, file))) as object) as ParsedFont;
  fonts ??= { regular: open("Waree.ttf"), bold: open("Waree-Bold.ttf") };
  return fonts;
}

/**
 * Font names to select with doc.font(). The regular font is the document's default font, which
 * pdfkit files under its PostScript name; selecting it by that name hits pdfkit's cache (a name
 * registered separately would re-open and compare the font on every switch).
 */
export const FONT = { regular: "", bold: "bold" };

export const PAGE = { width: 595.28, height: 841.89, margin: 36 };
const RIGHT = PAGE.width - PAGE.margin;
const CONTENT = RIGHT - PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 20; // room for the page number
const CONTINUED_TOP = 22; // the title line at the top of pages after the first
const TABLE_HEADER = 21;
const INK = "#1a1a1a";
const MUTED = "#555555";
const RULE = "#bbbbbb";
const SHADE = "#eef1f5";

interface Column {
  key: keyof LineView;
  label: string;
  width: number;
  align: Align;
}

function columns(view: DocumentView): Column[] {
  const l = view.labels;
  const fixed: Column[] = [
    { key: "no", label: l.no, width: 26, align: "center" },
    { key: "name", label: l.description, width: 0, align: "left" },
    { key: "quantity", label: l.quantity, width: 48, align: "right" },
    { key: "unit", label: l.unit, width: 38, align: "center" },
    { key: "price", label: l.price, width: 64, align: "right" },
    { key: "discount", label: l.discount, width: 54, align: "right" },
    { key: "vat", label: l.vat, width: 38, align: "center" },
    { key: "total", label: l.amount, width: 72, align: "right" },
  ];
  const used = fixed.reduce((sum, c) => sum + c.width, 0);
  fixed[1].width = CONTENT - used;
  return fixed;
}

/** Lines of wrapped text by font, size, width and text: shared by the versions of one render. */
type WrapCache = Map<string, string[]>;

/** Draws one version of the document from the top of a fresh page; answers its first page index. */
class Layout {
  /** Height a block can have on a page after the first, below the title line. */
  private static readonly PAGE_ROOM = BOTTOM - PAGE.margin - CONTINUED_TOP;
  private y = PAGE.margin;
  /** Pages added after the first: a block that changed page is not measured from its top. */
  private pages = 0;
  /** The current font and size, as the wrap cache tells them apart. */
  private face = "";
  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly view: DocumentView,
    private readonly mark: string,
    private readonly wrapped: WrapCache,
  ) {}

  private font(bold: boolean, size: number, color = INK): void {
    this.doc.font(bold ? FONT.bold : FONT.regular).fontSize(size).fillColor(color);
    this.face = `${bold ? "b" : "r"}${size}`;
  }

  /** The text's lines at the current font: wrapped once, whether measured, drawn or printed twice. */
  private wrap(text: string, width: number): string[] {
    const key = `${this.face}|${width}|${text}`;
    let lines = this.wrapped.get(key);
    if (!lines) {
      lines = wrapText(this.doc, text, width);
      this.wrapped.set(key, lines);
    }
    return lines;
  }

  private height(text: string, width: number): number {
    return this.wrap(text, width).length * lineHeight(this.doc);
  }

  private drawWrapped(text: string, x: number, y: number, width: number, align: Align = "left"): number {
    return drawLines(this.doc, this.wrap(text, width), x, y, width, align);
  }

  /**
   * Draws lines at the current font from the current position on, continuing on new pages;
   * `afterBreak` redraws what a continued block needs and sets its font again.
   */
  private flow(lines: string[], x: number, width: number, afterBreak: () => void): void {
    const step = lineHeight(this.doc);
    for (const line of lines) {
      this.ensure(step, afterBreak);
      drawLine(this.doc, line, x, this.y, width);
      this.y += step;
    }
  }

  private newPage(): void {
    this.doc.addPage();
    this.pages++;
    this.y = PAGE.margin;
    this.font(true, 10);
    drawLine(this.doc, `${this.view.title}  ${this.view.serial}`, PAGE.margin, this.y, CONTENT / 2);
    this.font(false, 9, MUTED);
    drawLine(this.doc, this.mark, PAGE.margin + CONTENT / 2, this.y, CONTENT / 2, "right");
    this.y += CONTINUED_TOP;
  }

  private ensure(height: number, then?: () => void): void {
    if (this.y + height <= BOTTOM) return;
    this.newPage();
    then?.();
  }

  private header(): void {
    const { doc, view } = this;
    const leftWidth = CONTENT * 0.55;
    const rightX = PAGE.margin + leftWidth + 12;
    const rightWidth = RIGHT - rightX;
    let left = this.y;
    this.font(true, 13);
    left += this.drawWrapped(view.company.name, PAGE.margin, left, leftWidth);
    this.font(false, 8.5, MUTED);
    for (const line of view.company.lines) left += this.drawWrapped(line, PAGE.margin, left, leftWidth);

    let right = this.y;
    this.font(true, 18);
    right += this.drawWrapped(view.title, rightX, right, rightWidth, "right");
    this.font(false, 9, MUTED);
    drawLine(doc, this.mark, rightX, right, rightWidth, "right");
    right += 16;
    for (const m of view.meta) {
      this.font(true, 9);
      drawLine(doc, m.label, rightX, right, rightWidth * 0.4);
      this.font(false, 9);
      right += this.drawWrapped(m.value, rightX + rightWidth * 0.4, right, rightWidth * 0.6, "right");
    }
    this.y = Math.max(left, right) + 10;
  }

  private contact(): void {
    const { doc, view } = this;
    const pad = 8;
    const width = CONTENT - 2 * pad;
    this.font(false, 9);
    const body = view.contact.lines.reduce((h, line) => h + this.height(line, width), 0);
    this.font(true, 10);
    const nameHeight = this.height(view.contact.name || " ", width);
    const height = pad + 13 + nameHeight + body + pad;
    this.ensure(height);
    doc.roundedRect(PAGE.margin, this.y, CONTENT, height, 4).lineWidth(0.7).strokeColor(RULE).stroke();
    let y = this.y + pad;
    this.font(true, 8.5, MUTED);
    drawLine(doc, view.contactHeading, PAGE.margin + pad, y, width);
    y += 13;
    this.font(true, 10);
    y += this.drawWrapped(view.contact.name, PAGE.margin + pad, y, width);
    this.font(false, 9);
    for (const line of view.contact.lines) y += this.drawWrapped(line, PAGE.margin + pad, y, width);
    this.y += height + 12;
  }

  private tableHeader(cols: Column[]): void {
    const { doc } = this;
    this.font(true, 8.5);
    const height = TABLE_HEADER - 3;
    doc.rect(PAGE.margin, this.y, CONTENT, height).fill(SHADE);
    this.font(true, 8.5);
    let x = PAGE.margin;
    for (const c of cols) {
      drawLine(doc, c.label, x + 3, this.y + 4, c.width - 6, c.align);
      x += c.width;
    }
    this.y += height + 3;
  }

  private table(): void {
    const { doc, view } = this;
    const cols = columns(view);
    this.ensure(40);
    this.tableHeader(cols);
    const nameCol = cols[1];
    const nameX = PAGE.margin + cols[0].width + 3;
    const textWidth = nameCol.width - 6;
    const nameFont = () => this.font(false, 9);
    const descriptionFont = () => this.font(false, 8, MUTED);
    for (const line of view.lines) {
      nameFont();
      const nameLines = this.wrap(line.name, textWidth);
      const nameStep = lineHeight(doc);
      const nameHeight = nameLines.length * nameStep;
      descriptionFont();
      const descriptionLines = line.description ? this.wrap(line.description, textWidth) : [];
      const height = Math.max(nameHeight + descriptionLines.length * lineHeight(doc), 14) + 4;
      // A row taller than a page starts where there is room for its first line and flows on.
      this.ensure(height <= Layout.PAGE_ROOM - TABLE_HEADER ? height : nameStep + 4, () => this.tableHeader(cols));
      const top = this.y;
      const page = this.pages;
      let x = PAGE.margin;
      nameFont();
      for (const c of cols) {
        if (c.key !== "name") drawLine(doc, line[c.key], x + 3, top, c.width - 6, c.align);
        x += c.width;
      }
      this.flow(nameLines, nameX, textWidth, () => (this.tableHeader(cols), nameFont()));
      descriptionFont();
      this.flow(descriptionLines, nameX, textWidth, () => (this.tableHeader(cols), descriptionFont()));
      this.y = (page === this.pages ? Math.max(this.y, top + 14) : this.y) + 4;
      doc.moveTo(PAGE.margin, this.y - 2).lineTo(RIGHT, this.y - 2).lineWidth(0.4).strokeColor(RULE).stroke();
    }
    this.y += 8;
  }

  private totals(): void {
    const { doc, view } = this;
    const width = 250;
    const x = RIGHT - width;
    const notesWidth = x - PAGE.margin - 16;
    const rowHeight = 15;
    this.font(false, 9);
    const notes = [view.inWords ? `(${view.inWords})` : "", view.vatNote].filter(Boolean);
    const notesHeight = notes.reduce((h, n) => h + this.height(n, notesWidth), 0);
    this.ensure(Math.max(view.totals.length * rowHeight, notesHeight) + 6);
    const top = this.y;
    let noteY = top;
    for (const note of notes) {
      this.font(note === notes[0] && view.inWords !== "", 9);
      noteY += this.drawWrapped(note, PAGE.margin, noteY, notesWidth);
    }
    let y = top;
    for (const t of view.totals) {
      if (t.strong) doc.rect(x, y - 2, width, rowHeight).fill(SHADE);
      this.font(Boolean(t.strong), 9);
      drawLine(doc, t.label, x + 4, y, width * 0.62 - 4);
      drawLine(doc, t.value, x + width * 0.62, y, width * 0.38 - 4, "right");
      y += rowHeight;
    }
    this.y = Math.max(y, noteY) + 10;
  }

  private remarks(): void {
    const { doc, view } = this;
    if (!view.remarks) return;
    const body = () => this.font(false, 9);
    body();
    const lines = this.wrap(view.remarks, CONTENT);
    // Kept together when the whole block fits on a page; longer remarks flow over pages, the
    // heading staying with at least their first line.
    const whole = 14 + lines.length * lineHeight(doc);
    this.ensure(whole <= Layout.PAGE_ROOM ? whole : 14 + lineHeight(doc));
    this.font(true, 9);
    drawLine(doc, view.labels.remarks, PAGE.margin, this.y, CONTENT);
    this.y += 14;
    body();
    this.flow(lines, PAGE.margin, CONTENT, body);
    this.y += 6;
  }

  private signatures(): void {
    const { doc, view } = this;
    this.ensure(60);
    const y = Math.max(this.y + 24, BOTTOM - 40);
    const width = 170;
    for (const [i, label] of [view.labels.receivedBy, view.labels.authorised].entries()) {
      const x = i === 0 ? PAGE.margin + 20 : RIGHT - width - 20;
      doc.moveTo(x, y).lineTo(x + width, y).lineWidth(0.6).strokeColor(INK).stroke();
      this.font(false, 8.5, MUTED);
      drawLine(doc, label, x, y + 5, width, "center");
    }
    this.y = y + 20;
  }

  draw(): void {
    this.header();
    this.contact();
    this.table();
    this.totals();
    this.remarks();
    this.signatures();
  }
}

function versionsOf(input: PdfRenderInput): Version[] {
  if (input.versions && input.versions.length > 0) return input.versions;
  return [input.copy ? "copy" : "original"];
}

/**
 * An A4 PDF in the embedded Thai+Latin font (regular as the default, bold as FONT.bold): `draw` lays
 * out its pages; the bytes when pdfkit is done. Shared by the documents and the certificates.
 */
export function printPdf(meta: { title: string; culture: "th" | "en" }, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const files = parsedFonts();
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({
      // Our font as the default, so pdfkit does not parse Helvetica's metrics for every document.
      font: files.regular as unknown as string,
      size: [PAGE.width, PAGE.height],
      margin: PAGE.margin,
      autoFirstPage: false,
      bufferPages: true,
      lang: meta.culture === "th" ? "th-TH" : "en-US",
      info: { Title: meta.title, Producer: "DocSheet", Creator: "DocSheet" },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    try {
      FONT.regular = files.regular.postscriptName;
      doc.registerFont(FONT.bold, files.bold);
      draw(doc);
      doc.end();
    } catch (err) {
      reject(err);
    }
  });
}

/** Renders the document as a PDF (one set of pages per version: original, copy). */
export function renderDocumentPdf(input: PdfRenderInput): Promise<Buffer> {
  const view = documentView(input);
  return printPdf({ title: `${view.title} ${view.serial}`.trim(), culture: view.culture }, (doc) => {
    const starts: number[] = [];
    const wrapped: WrapCache = new Map();
    for (const version of versionsOf(input)) {
      starts.push(doc.bufferedPageRange().count);
      doc.addPage();
      new Layout(doc, view, version === "copy" ? view.labels.copy : view.labels.original, wrapped).draw();
    }
    numberPages(doc, view.labels.page, starts);
  });
}

/** "Page 1/2" at the foot of each page, counted within each version (`starts`: each one's first page). */
export function numberPages(doc: PDFKit.PDFDocument, word: string, starts: number[]): void {
  const total = doc.bufferedPageRange().count;
  starts.forEach((start, v) => {
    const end = v + 1 < starts.length ? starts[v + 1] : total;
    for (let page = start; page < end; page++) {
      doc.switchToPage(page);
      doc.font(FONT.regular).fontSize(8).fillColor(MUTED);
      drawLine(doc, `${word} ${page - start + 1}/${end - start}`, PAGE.margin, PAGE.height - PAGE.margin - 8, CONTENT, "right");
    }
  });
}
