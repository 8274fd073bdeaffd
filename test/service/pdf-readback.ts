// Reading a PDF back in tests: its text (pdftotext) and its first page as a grey image (pdftoppm),
// to check the page is not blank.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

function withFile<T>(pdf: Buffer, run: (path: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), "docsheet-pdf-"));
  try {
    const path = join(dir, "doc.pdf");
    writeFileSync(path, pdf);
    return run(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const pdfText = (pdf: Buffer): string => withFile(pdf, (path) => execFileSync("pdftotext", ["-layout", path, "-"]).toString("utf8"));

export const pdfPages = (pdf: Buffer): number =>
  Number(/Pages:\s+(\d+)/.exec(withFile(pdf, (path) => execFileSync("pdfinfo", [path]).toString("utf8")))?.[1] ?? 0);

/** Share of dark pixels (below mid grey) on the first page rendered at 30 dpi. */
export function inkOnFirstPage(pdf: Buffer): number {
  const pgm = withFile(pdf, (path) => execFileSync("pdftoppm", ["-gray", "-r", "30", "-f", "1", "-l", "1", path]));
  // Binary PGM: "P5\n<width> <height>\n255\n" then one byte per pixel.
  const m = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 40).toString("latin1"));
  if (!m) throw new Error("pdftoppm did not give a PGM image");
  const pixels = pgm.subarray(m[0].length);
  let dark = 0;
  for (const p of pixels) if (p < 128) dark++;
  return dark / pixels.length;
}
