// Text on a PDF page that survives copy and search. pdfkit shapes Thai correctly (fontkit applies
// the font's GSUB/GPOS: marks stacked, sara am split), but a glyph-by-glyph ToUnicode map cannot
// say what those shaped glyphs were, so each drawn line (but plain ASCII) is wrapped in a
// marked-content span whose ActualText is the line as typed. Lines are broken between words
// (Intl.Segmenter knows Thai words), never inside a cluster, so a mark never lands on a line
// without its consonant. Layout time is linear in the text: each word is measured once.

const WORDS = new Intl.Segmenter("th", { granularity: "word" });
const GRAPHEMES = new Intl.Segmenter("th", { granularity: "grapheme" });

/**
 * Text is segmented in windows of this many UTF-16 units: V8's segment iterator slows down with
 * the length of the string it walks (80,000 characters in one piece take seconds; in windows,
 * milliseconds).
 */
const WINDOW = 512;
/**
 * Segments ending this close to a window's end are found again from the next window: where a
 * Thai word ends depends on the words after it (ICU's dictionary looks a few words ahead), so
 * only boundaries with enough text after them are kept.
 */
const LOOKAHEAD = 128;

export type Align = "left" | "right" | "center";

export interface Segment {
  text: string;
  /** The segment goes on in the next one: a word longer than a window was cut between clusters. */
  cut: boolean;
}

/** The window without its last cluster, which the window's end may have cut. */
function withoutLastCluster(window: string): string {
  let last = "";
  for (const { segment } of GRAPHEMES.segment(window)) last = segment;
  return last.length < window.length ? window.slice(0, window.length - last.length) : window;
}

/**
 * The segments of `text` (words or clusters), found window by window so the time stays linear.
 * Segments ending near a window's end may have been cut (or chosen differently) because of it,
 * so the next window starts at the first of them; a segment filling a whole window (a very long
 * word) is cut at its last cluster boundary.
 */
export function* segments(segmenter: Intl.Segmenter, text: string): Generator<Segment> {
  let start = 0;
  while (start < text.length) {
    const window = text.slice(start, start + WINDOW);
    const last = start + WINDOW >= text.length;
    let used = 0;
    for (const { segment, index } of segmenter.segment(window)) {
      if (!last && index > 0 && index + segment.length > WINDOW - LOOKAHEAD) break;
      if (!last && index + segment.length === window.length) {
        // One segment fills the window: a very long word (cut between clusters) or a cluster of
        // hundreds of combining marks (cut anywhere; nothing sensible can be drawn of it anyway).
        const head = segmenter === GRAPHEMES ? window : withoutLastCluster(window);
        yield { text: head, cut: true };
        used = head.length;
        break;
      }
      yield { text: segment, cut: false };
      used = index + segment.length;
    }
    start += used;
  }
}

/** What a text can be measured with; doc.widthOfString at the current font and size. */
export type Measure = (text: string) => number;

/**
 * Breaks text into lines no wider than `width`. Each word is measured once and widths are summed
 * (kerning across words is negligible for breaking); a word wider than the column is broken
 * between its clusters, each measured once. Time and memory are linear in the text.
 */
export function wrapWith(measure: Measure, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r\n?/g, "\n").split("\n")) {
    let parts: string[] = [];
    let used = 0;
    let inked = false; // the line has more than spaces
    let gluedToLast = false; // the last segment was cut: this one goes on with the same word
    const reset = () => {
      parts = [];
      used = 0;
      inked = false;
    };
    let pushed = false;
    const push = () => {
      lines.push(parts.join("").trimEnd());
      pushed = true;
      reset();
    };
    const add = (s: string, w: number) => {
      parts.push(s);
      used += w;
      inked ||= s.trim() !== "";
    };
    for (const { text: segment, cut } of segments(WORDS, paragraph)) {
      const glued = gluedToLast;
      gluedToLast = cut;
      const w = measure(segment);
      if (used + w <= width) {
        add(segment, w);
        continue;
      }
      if (segment.trim() === "") {
        // Spaces that do not fit end the line; a line never starts with them.
        if (inked) push();
        continue;
      }
      if (!glued) {
        if (inked) push();
        else reset(); // only spaces so far
        if (w <= width) {
          add(segment, w);
          continue;
        }
      }
      // A word wider than the column (a long code or e-mail address): break between clusters.
      for (const { text: cluster } of segments(GRAPHEMES, segment)) {
        const cw = measure(cluster);
        if (parts.length > 0 && used + cw > width) push();
        add(cluster, cw);
      }
    }
    if (inked || !pushed) push(); // an empty paragraph is an empty line; trailing spaces are none
  }
  return lines;
}

/** wrapWith at the document's current font and size. */
export function wrapText(doc: PDFKit.PDFDocument, text: string, width: number): string[] {
  return wrapWith((s) => doc.widthOfString(s), text, width);
}

/**
 * Printable ASCII is shaped glyph for character (or into ligatures that the font's ToUnicode map
 * names with all their characters), so it copies right without an ActualText span.
 */
const PLAIN = /^[\x20-\x7e]*$/;

/** Draws one line without wrapping, aligned within `width`, searchable as typed. */
export function drawLine(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, align: Align = "left"): void {
  if (text === "") return;
  const w = align === "left" ? 0 : doc.widthOfString(text); // a left-aligned line needs no measuring
  const left = align === "right" ? x + width - w : align === "center" ? x + (width - w) / 2 : x;
  const plain = PLAIN.test(text);
  if (!plain) doc.markContent("Span", { actual: text });
  doc.text(text, left, y, { lineBreak: false });
  if (!plain) doc.endMarkedContent();
}

/** The height of one wrapped line at the current font and size. */
export const lineHeight = (doc: PDFKit.PDFDocument, lineGap = 1): number => doc.currentLineHeight(true) + lineGap;

/** Draws lines one below the other and answers the height they took. */
export function drawLines(doc: PDFKit.PDFDocument, lines: string[], x: number, y: number, width: number, align: Align = "left", lineGap = 1): number {
  const height = lineHeight(doc, lineGap);
  lines.forEach((line, i) => drawLine(doc, line, x, y + i * height, width, align));
  return lines.length * height;
}
