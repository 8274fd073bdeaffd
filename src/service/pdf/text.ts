// Text on a PDF page that survives copy and search. pdfkit shapes Thai correctly (fontkit applies
// the font's GSUB/GPOS: marks stacked, sara am split), but a glyph-by-glyph ToUnicode map cannot
// say what those shaped glyphs were, so each drawn line is wrapped in a marked-content span whose
// ActualText is the line as typed. Lines are broken between words (Intl.Segmenter knows Thai
// words), never inside a cluster, so a mark never lands on a line without its consonant.

const WORDS = new Intl.Segmenter("th", { granularity: "word" });
const GRAPHEMES = new Intl.Segmenter("th", { granularity: "grapheme" });

export type Align = "left" | "right" | "center";

/**
 * Breaks text into lines no wider than `width` at the current font and size. Each word is
 * measured once and widths are summed (kerning across words is negligible for breaking), which
 * keeps wrapping linear instead of re-shaping the growing line for every word.
 */
export function wrapText(doc: PDFKit.PDFDocument, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r\n?/g, "\n").split("\n")) {
    let line = "";
    let used = 0;
    const push = () => {
      lines.push(line.trimEnd());
      line = "";
      used = 0;
    };
    for (const { segment } of WORDS.segment(paragraph)) {
      const w = doc.widthOfString(segment);
      if (used + w <= width) {
        line += segment;
        used += w;
        continue;
      }
      if (line.trim() !== "") push();
      if (segment.trim() === "") continue; // no spaces at the start of a line
      if (w <= width) {
        line = segment;
        used = w;
        continue;
      }
      // A word wider than the column (a long code or e-mail address): break between clusters.
      for (const { segment: cluster } of GRAPHEMES.segment(segment)) {
        const cw = doc.widthOfString(cluster);
        if (line !== "" && used + cw > width) push();
        line += cluster;
        used += cw;
      }
    }
    push();
  }
  return lines;
}

/** Draws one line without wrapping, aligned within `width`, searchable as typed. */
export function drawLine(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, align: Align = "left"): void {
  if (text === "") return;
  const w = doc.widthOfString(text);
  const left = align === "right" ? x + width - w : align === "center" ? x + (width - w) / 2 : x;
  doc.markContent("Span", { actual: text });
  doc.text(text, left, y, { lineBreak: false });
  doc.endMarkedContent();
}

/** Draws wrapped text and answers the height it took. */
export function drawWrapped(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  align: Align = "left",
  lineGap = 1,
): number {
  const height = doc.currentLineHeight(true) + lineGap;
  const lines = wrapText(doc, text, width);
  lines.forEach((line, i) => drawLine(doc, line, x, y + i * height, width, align));
  return lines.length * height;
}

/** Height wrapped text would take, without drawing it. */
export function wrappedHeight(doc: PDFKit.PDFDocument, text: string, width: number, lineGap = 1): number {
  return wrapText(doc, text, width).length * (doc.currentLineHeight(true) + lineGap);
}
