// Which family a sheet holds, remembered in the workbook (a record keyed by the sheet's name, so it
// travels with the file to the CLI and back; it follows a rename, sheet-records.ts): set when a template is inserted, a pull writes its
// sheet or a post creates documents from it. The jobs that send (post, act, update) refuse a sheet
// remembered as another family than the one asked, before anything is sent or written: a quotation
// sheet acted on as tax invoices would name other documents by its record ids (a PDF of another
// document, a status set on the wrong one). A sheet nothing remembers (made by hand, an older
// workbook) is taken as the family asked.
import { familyCard } from "../families/cards";
import { SHEET_FAMILIES, type SheetFamily } from "../rules/codes";
import type { Message } from "../rules/message";
import { recordsWord } from "../sheet/i18n/record-count";
import type { Lang } from "../sheet/i18n/lang";
import { resultMsg } from "../sheet/i18n/results";
import type { WorkbookPort } from "../workbook/port";
import { render } from "../sheet/i18n/render";
import { followRename, noteSheetName, sheetFamilyKey } from "./sheet-records";

export { sheetFamilyKey };

/** The record a new sheet of the family gets in the action that makes it (templates, pulls). */
export const familyRecord = (family: SheetFamily) => (sheet: string): Map<string, string> => new Map([[sheetFamilyKey(sheet), family]]);

export async function rememberFamily(port: WorkbookPort, sheet: string, family: SheetFamily): Promise<void> {
  const key = sheetFamilyKey(sheet);
  if ((await port.loadRecord(key)) !== family) await port.saveRecord(key, family);
  await noteSheetName(port, sheet);
}

/** The family the workbook remembers for the sheet, of any kind; null when none (or not one DocSheet knows). */
export async function rememberedSheetFamily(port: WorkbookPort, sheet: string): Promise<SheetFamily | null> {
  await followRename(port, sheet);
  const text = (await port.loadRecord(sheetFamilyKey(sheet)))?.trim();
  return text && (SHEET_FAMILIES as readonly string[]).includes(text) ? (text as SheetFamily) : null;
}

/** The sheet holds another family than the one asked: nothing was sent. */
export class FamilyMismatchError extends Error {
  constructor(readonly sheet: string, readonly sheetFamily: SheetFamily, readonly asked: SheetFamily, lang: Lang) {
    super(render(mismatchMsg(sheet, sheetFamily, asked), lang));
    this.name = "FamilyMismatchError";
  }
}

/** Documents are said to be the family's documents; contacts, products, vouchers and certificates
 * by their own word ("holds products", not "holds products documents"). */
function mismatchMsg(sheet: string, held: SheetFamily, chosen: SheetFamily): Message {
  return familyCard(held).record === "Document"
    ? resultMsg("sheetFamilyDiffers", { sheet, family: held, chosen })
    : resultMsg("sheetFamilyDiffersRecords", { sheet, records: recordsWord(held), family: held, chosen });
}

/** Refuses a sheet the workbook remembers as another family than `family`. */
export async function assertSheetFamily(port: WorkbookPort, sheet: string, family: SheetFamily, lang: Lang): Promise<void> {
  const remembered = await rememberedSheetFamily(port, sheet);
  if (remembered && remembered !== family) throw new FamilyMismatchError(sheet, remembered, family, lang);
}
