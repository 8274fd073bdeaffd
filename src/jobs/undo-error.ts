// What stops an undo before anything is changed: no post run of the family recorded, or the sheet
// the run wrote to not found (run-sheet.ts).
import type { Message } from "../rules/message";
import type { SheetFamily } from "../rules/codes";
import { resultMsg } from "../sheet/i18n/results";

/** Nothing to undo, or nothing undone yet. The message is English; `msg` is shown. */
export class NothingToUndoError extends Error {
  constructor(readonly family: SheetFamily, readonly msg: Message = resultMsg("nothingToUndo", { family })) {
    super(msg.text);
    this.name = "NothingToUndoError";
  }
}
