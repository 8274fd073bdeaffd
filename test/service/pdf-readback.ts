// Reading a PDF back in tests the way a person would, with PDFium (the PDF engine of Chrome) as
// WebAssembly from npm, so no system program is needed: its text as a viewer copies it (ActualText
// spans honoured, so shaped Thai reads as typed, as poppler and Acrobat read it), its pages, its
// fonts, and its first page rendered in grey.
import { PDFiumLibrary, type PDFiumDocument } from "@hyzyla/pdfium";

let library: Promise<PDFiumLibrary> | undefined;

async function withDocument<T>(pdf: Uint8Array, read: (doc: PDFiumDocument) => T | Promise<T>): Promise<T> {
  library ??= PDFiumLibrary.init();
  const doc = await (await library).loadDocument(pdf);
  try {
    return await read(doc);
  } finally {
    doc.destroy();
  }
}

/** The text of every page, one line per line drawn, pages separated by a form feed. */
export const pdfText = (pdf: Uint8Array): Promise<string> =>
  withDocument(pdf, (doc) => Array.from(doc.pages(), (page) => page.getText()).join("\n\f"));

export const pdfPages = (pdf: Uint8Array): Promise<number> => withDocument(pdf, (doc) => doc.getPageCount());

/** Page 1 rendered in grey at `dpi`: one byte per pixel, 255 is white. */
export const firstPageGrey = (pdf: Uint8Array, dpi: number): Promise<Buffer> =>
  withDocument(pdf, async (doc) => {
    const image = await doc.getPage(0).render({ scale: dpi / 72, colorSpace: "Gray", render: "bitmap" });
    return Buffer.from(image.data);
  });

/** Share of page 1's pixels that are not white (darker than light grey), rendered at 40 dpi. */
export async function inkOnFirstPage(pdf: Uint8Array): Promise<number> {
  const pixels = await firstPageGrey(pdf, 40);
  let dark = 0;
  for (const p of pixels) if (p < 200) dark++;
  return dark / pixels.length;
}

/** What the @hyzyla/pdfium wrapper keeps of a page object: PDFium itself and the object's handle. */
interface RawObject {
  module: {
    _FPDFTextObj_GetFont(object: number): number;
    _FPDFFont_GetBaseFontName(font: number, buffer: number, length: number): number;
    _FPDFFont_GetIsEmbedded(font: number): number;
    HEAPU8: Uint8Array;
    wasmExports: { malloc(size: number): number; free(pointer: number): void };
  };
  objectIdx: number;
}

/**
 * The fonts the text on every page is drawn with, by PostScript name, and whether each is embedded.
 * The wrapper has no font API, so PDFium's own FPDFFont_* functions are called on its handles.
 */
export const pdfFonts = (pdf: Uint8Array): Promise<Map<string, boolean>> =>
  withDocument(pdf, (doc) => {
    const fonts = new Map<string, boolean>();
    for (const page of doc.pages()) {
      for (const object of page.objects()) {
        if (object.type !== "text") continue;
        const { module: pdfium, objectIdx } = object as unknown as RawObject;
        const font = pdfium._FPDFTextObj_GetFont(objectIdx);
        const length = pdfium._FPDFFont_GetBaseFontName(font, 0, 0);
        const name = pdfium.wasmExports.malloc(length);
        try {
          pdfium._FPDFFont_GetBaseFontName(font, name, length);
          const text = new TextDecoder().decode(pdfium.HEAPU8.subarray(name, name + length - 1));
          fonts.set(text, pdfium._FPDFFont_GetIsEmbedded(font) === 1);
        } finally {
          pdfium.wasmExports.free(name);
        }
      }
    }
    return fonts;
  });
