// A sheet's own records (the family it holds, the company it belongs to) are keyed by its name,
// which a rename changes; the host's id of the sheet does not. So the name the records were last
// written under is kept by the sheet's id (sheetNameKey): a sheet renamed since takes its records
// over from its old name before they are read, and a renamed sheet keeps refusing another company
// and another family. Sheets of a host without ids keep their records by name only.
import { sheetNameKey } from "../workbook/records";
import type { WorkbookPort } from "../workbook/port";

export const sheetFamilyKey = (sheet: string): string => `sheet-family:${sheet}`;
export const sheetCompanyKey = (sheet: string): string => `docsheet.company.sheet:${sheet}`;
const OWN_KEYS = [sheetFamilyKey, sheetCompanyKey];

/** Brings the sheet's records to its current name when it was renamed since they were written. */
export async function followRename(port: WorkbookPort, sheet: string): Promise<void> {
  const id = await port.sheetId?.(sheet);
  if (!id) return;
  const was = await port.loadRecord(sheetNameKey(id));
  if (was === sheet) return;
  // Two sheets that swapped names (each known by the other's): their records swap too.
  const other = was !== null && (await port.sheetNames()).includes(was) ? await port.sheetId?.(was) : null;
  if (other && other !== id && (await port.loadRecord(sheetNameKey(other))) === sheet) {
    for (const key of OWN_KEYS) {
      const [mine, theirs] = [await port.loadRecord(key(sheet)), await port.loadRecord(key(was!))];
      await port.saveRecord(key(sheet), theirs);
      await port.saveRecord(key(was!), mine);
    }
    await port.saveRecord(sheetNameKey(id), sheet);
    await port.saveRecord(sheetNameKey(other), was);
    return;
  }
  let held = false;
  const moved = was !== null && (await stillUnder(port, was, id));
  for (const key of OWN_KEYS) {
    const mine = await port.loadRecord(key(sheet));
    const old = moved ? await port.loadRecord(key(was!)) : null;
    // What was written under this sheet's old name is its own, over what its new name holds (a
    // name it took from another sheet renamed away, or swapped with it).
    if (old !== null) {
      await port.saveRecord(key(sheet), old);
      await port.saveRecord(key(was!), null);
    }
    held ||= mine !== null || old !== null;
  }
  // A sheet whose records were written before ids were kept is known by its name from now on.
  if (held) await port.saveRecord(sheetNameKey(id), sheet);
}

/** Whether the records under `name` are still the sheet `id`'s: no sheet has that name now, or the
 * sheet that took it has not claimed them under its own id (it is known by another name). */
async function stillUnder(port: WorkbookPort, name: string, id: string): Promise<boolean> {
  if (!(await port.sheetNames()).includes(name)) return true;
  const other = await port.sheetId?.(name);
  return other !== id && other !== null && other !== undefined && (await port.loadRecord(sheetNameKey(other))) !== name;
}

/** After a record of the sheet is written under its name: the name its id is to find them by. */
export async function noteSheetName(port: WorkbookPort, sheet: string): Promise<void> {
  const id = await port.sheetId?.(sheet);
  if (id && (await port.loadRecord(sheetNameKey(id))) !== sheet) await port.saveRecord(sheetNameKey(id), sheet);
}
