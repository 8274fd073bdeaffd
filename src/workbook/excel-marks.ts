// Marks on an Excel sheet: a conditional-format fill over the finding cells and the message in a
// note (ExcelApi 1.18) or comment (1.10). The fill is a conditional format, so the user's own fill
// under it is never touched and needs no memory; the port's formats carry their own formula, so
// clearing finds them among the user's. A workbook setting remembers which notes the port wrote
// (with a hash of the text: a note the user wrote over is theirs). Everything a mark or a clear
// needs to know is looked at in the syncs of the read before it, so replacing the old marks with
// new ones is one batch: one sync for any request under 5 MB.
import { cellAddress } from "./address";
import type { CellMark } from "./port";
import { jsonBytes } from "./utf8";

/** The fill of a finding cell: Excel's "bad" red. */
export const MARK_FILL = "#FFC7CE";
/** Warnings in Excel's "neutral" yellow, notes in a light blue: neither reads as a problem. */
export const TONE_FILLS: Readonly<Record<NonNullable<CellMark["tone"]>, string>> = { error: MARK_FILL, warning: "#FFEB9C", note: "#DDEBF7" };
/** The rule of the port's conditional formats: always true, and it names the add-in. */
export const MARK_FORMULA = '=ISTEXT("DocSheet")';
/** Workbook setting (never a secret) that remembers the notes and comments the port wrote. */
export const MARKS_SETTING = "docsheet.marks";
/** getRanges refuses a longer address: the marked cells go in groups under it. */
export const MAX_AREAS_ADDRESS = 255;

export type MarkNoteKind = "note" | "comment" | "none";

/** What the port remembers of one marked cell. */
export interface MarkRecord {
  note: MarkNoteKind;
  /** Hash of the message the port put in the note or comment. */
  hash?: string;
  /** Records of the first design, which painted the cell itself: the fill to put back. */
  color?: string;
  pattern?: string;
  commentId?: string;
}

/** Sheet id → cell address → record. */
export type MarkBook = Record<string, Record<string, MarkRecord>>;

/** What a sheet holds of marks and notes, as one action found it. */
export interface SheetMarks {
  sheet: string;
  id: string;
  book: MarkBook;
  /** Ids of the port's conditional formats on the sheet. */
  formats: string[];
  /** The sheet's notes (1.18) or comments (1.10) by cell address. */
  notes: Map<string, { content: string; id?: string }>;
}

export function noteKind(supports: (version: string) => boolean): MarkNoteKind {
  return supports("1.18") ? "note" : supports("1.10") ? "comment" : "none";
}

/** FNV-1a of a text, 8 hex digits: enough to tell the port's message from a user's edit. */
export function hashText(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, "0");
}

export function readMarkBook(setting: Excel.Setting): MarkBook {
  if (setting.isNullObject) return {};
  try {
    const parsed: unknown = typeof setting.value === "string" ? JSON.parse(setting.value) : setting.value;
    return parsed && typeof parsed === "object" ? (parsed as MarkBook) : {};
  } catch {
    return {}; // a damaged entry must not block marking; the worst case is a note left behind
  }
}

type NoteLike = Excel.Note | Excel.Comment;

/** The first half of a look, queued with an action's first sync (the sheet's name and id loaded too). */
export interface MarksLook {
  setting: Excel.Setting;
  formats: Excel.ConditionalFormatCollection;
  notes: { items: NoteLike[] } | null;
  kind: MarkNoteKind;
  /** Instead of `notes`: the notes at the cells expected to hold them, and how many the sheet has. */
  probes?: { count: OfficeExtension.ClientResult<number>; at: Array<{ address: string; note: Excel.Note }> };
}

/** Cells looked at one by one in a first sync at most: each is a path and a load in the request. */
export const MAX_NOTE_PROBES = 8_000;

/**
 * `expected`: the cells the port last knew to hold the sheet's notes (ExcelApi 1.18). Those notes
 * are then looked at by address, with the count of the sheet's notes: when every note is among
 * them, none needs locating in the next sync (a location is a path, a load and an answer per note:
 * too much to ride along with a read that nearly fills a response). Else see needsAllNotes.
 */
export function queueMarksLook(context: Excel.RequestContext, sheet: Excel.Worksheet, kind: MarkNoteKind, expected?: readonly string[]): MarksLook {
  const setting = context.workbook.settings.getItemOrNullObject(MARKS_SETTING).load("value");
  const formats = sheet.getRange().conditionalFormats.load("items/id,items/type");
  if (kind === "note" && expected && expected.length <= MAX_NOTE_PROBES) {
    const at = expected.map((address) => ({ address, note: sheet.notes.getItemOrNullObject(address).load("content") }));
    return { setting, formats, notes: null, kind, probes: { count: sheet.notes.getCount(), at } };
  }
  const notes = kind === "note" ? sheet.notes.load("items/content") : kind === "comment" ? sheet.comments.load("items/id,items/content") : null;
  return { setting, formats, notes, kind };
}

/** After the first sync: when the probes missed a note (one the user added), every note is loaded
 * instead, with the next sync, and located in the one after (as without probes). */
export function needsAllNotes(look: MarksLook): boolean {
  return look.probes !== undefined && look.probes.at.filter((p) => !p.note.isNullObject).length !== look.probes.count.value;
}

/** The look with every note of the sheet queued (needsAllNotes): for the caller's next sync. */
export function queueAllNotes(sheet: Excel.Worksheet, look: MarksLook): MarksLook {
  return { ...look, probes: undefined, notes: sheet.notes.load("items/content") };
}

/** The second half, queued with the next sync: the rule of each custom format, the cell of each note. */
export interface MarksDetail {
  rules: Array<{ id: string; rule: Excel.ConditionalFormatRule }>;
  places: Array<{ note: NoteLike; cell: Excel.Range }>;
}

export function queueMarksDetail(look: MarksLook): MarksDetail {
  return {
    rules: look.formats.items.filter((f) => f.type === "Custom").map((f) => ({ id: f.id, rule: f.custom.rule.load("formula") })),
    places: (look.notes?.items ?? []).map((note) => ({ note, cell: note.getLocation().load("rowIndex,columnIndex") })),
  };
}

export function isEmptyDetail(detail: MarksDetail): boolean {
  return detail.rules.length === 0 && detail.places.length === 0;
}

export function marksSeen(sheet: string, id: string, look: MarksLook, detail: MarksDetail): SheetMarks {
  const own = (formula: string): boolean => formula.replace(/\s/g, "").toUpperCase() === MARK_FORMULA.toUpperCase();
  return {
    sheet,
    id,
    book: readMarkBook(look.setting),
    formats: detail.rules.filter((r) => own(r.rule.formula)).map((r) => r.id),
    notes: look.probes
      ? new Map(look.probes.at.filter((p) => !p.note.isNullObject).map((p) => [p.address, { content: p.note.content }]))
      : new Map(detail.places.map(({ note, cell }) => [
        cellAddress(cell.rowIndex, cell.columnIndex),
        { content: note.content, id: look.kind === "comment" ? (note as Excel.Comment).id : undefined },
      ])),
  };
}

export function hasMarks(seen: SheetMarks): boolean {
  return seen.formats.length > 0 || Object.keys(seen.book[seen.id] ?? {}).length > 0;
}

/** One queued piece of a mark batch and a rough size of its request. */
export interface MarkOp {
  bytes: number;
  run: () => void;
}

/** A rough request size of one cell's note or comment, beside its text's JSON (an action and an
 * object path are about 250 bytes in Office.js; twice that, to be safe). */
const NOTE_OP_BYTES = 512;
const DELETE_OP_BYTES = 512;

/** Cells → A1 areas (vertical runs joined), in groups whose address stays under getRanges' limit. */
export function areaGroups(cells: ReadonlyArray<{ row: number; col: number }>): string[] {
  const sorted = [...cells].sort((a, b) => a.col - b.col || a.row - b.row);
  const areas: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1].col === sorted[i].col && sorted[j + 1].row === sorted[j].row + 1) j++;
    const start = cellAddress(sorted[i].row, sorted[i].col);
    areas.push(j === i ? start : `${start}:${cellAddress(sorted[j].row, sorted[j].col)}`);
    i = j + 1;
  }
  const groups: string[] = [];
  for (const area of areas) {
    const last = groups.length - 1;
    if (last >= 0 && groups[last].length + 1 + area.length <= MAX_AREAS_ADDRESS) groups[last] += `,${area}`;
    else groups.push(area);
  }
  return groups;
}

export interface MarkPlan {
  ops: MarkOp[];
  /** The sheet's records once the batch is done. */
  records: Record<string, MarkRecord>;
  /** The records while it runs: the old ones still there and the new ones. */
  during: Record<string, MarkRecord>;
  unplaced: CellMark[];
  /** The cells holding a note once the batch is done (the user's and the port's). */
  notes: string[];
}

/**
 * What a batch queues to put `marks` on the sheet, after clearing the port's old marks when
 * `clearOld`. Nothing is loaded: `seen` says what is there.
 */
export function planMarks(
  sheet: Excel.Worksheet,
  seen: SheetMarks,
  marks: readonly CellMark[],
  options: { clearOld: boolean; kind: MarkNoteKind; supports: (version: string) => boolean },
): MarkPlan {
  const { kind, clearOld } = options;
  const reachable = (note: MarkNoteKind): boolean => (note === "note" ? options.supports("1.18") : note === "comment" ? options.supports("1.10") : true);
  const old = seen.book[seen.id] ?? {};
  const ownNote = (address: string): { content: string; id?: string } | undefined => {
    const record = old[address];
    const there = seen.notes.get(address);
    if (!record || !there || record.note !== kind) return undefined;
    const mine = record.hash !== undefined ? record.hash === hashText(there.content) : record.commentId === undefined || record.commentId === there.id;
    return mine ? there : undefined;
  };
  const wanted = new Map(marks.map((m) => [cellAddress(m.row, m.col), m]));
  const notes = new Set(seen.notes.keys());
  const ops: MarkOp[] = [];
  const records: Record<string, MarkRecord> = {};
  const noteOf = (address: string, there: { id?: string }): NoteLike =>
    kind === "note" ? sheet.notes.getItem(address) : sheet.comments.getItem(there.id!);

  if (clearOld) {
    for (const id of seen.formats) ops.push({ bytes: DELETE_OP_BYTES, run: () => sheet.getRange().conditionalFormats.getItem(id).delete() });
  }
  for (const [address, record] of Object.entries(old)) {
    if (clearOld && record.pattern !== undefined) {
      // A mark of the first design painted the cell: put the user's fill back.
      ops.push({ bytes: DELETE_OP_BYTES, run: () => {
        const fill = sheet.getRange(address).format.fill;
        if (record.pattern === "None") fill.clear();
        else fill.color = record.color ?? "";
      } });
    }
    if (!clearOld || wanted.has(address)) {
      if (!wanted.has(address)) records[address] = record; // marking more keeps the marks already there
      continue;
    }
    if (record.note === "none") continue;
    // A note or comment this host cannot reach waits, with its record, for a host that can.
    if (!reachable(record.note)) records[address] = { note: record.note, hash: record.hash, commentId: record.commentId };
    const there = ownNote(address);
    if (there) {
      ops.push({ bytes: DELETE_OP_BYTES, run: () => noteOf(address, there).delete() });
      notes.delete(address);
    }
  }

  const unplaced: CellMark[] = [];
  for (const tone of ["error", "warning", "note"] as const) {
    const ofTone = [...wanted.values()].filter((m) => (m.tone ?? "error") === tone);
    for (const group of areaGroups(ofTone)) {
      ops.push({ bytes: NOTE_OP_BYTES + group.length, run: () => {
        const format = sheet.getRanges(group).conditionalFormats.add("Custom");
        format.custom.rule.formula = MARK_FORMULA;
        format.custom.format.fill.color = TONE_FILLS[tone];
      } });
    }
  }
  for (const [address, mark] of wanted) {
    const bytes = NOTE_OP_BYTES + jsonBytes(mark.message);
    const before = old[address];
    // Marking more keeps what a mark of the first design has to put back.
    const legacy = !clearOld && before?.pattern !== undefined ? { color: before.color, pattern: before.pattern } : {};
    const record: MarkRecord = { note: kind, hash: hashText(mark.message), ...legacy };
    const there = seen.notes.get(address);
    const mine = ownNote(address);
    if (kind === "none" || (there && !mine)) {
      unplaced.push(mark); // the user's own note or comment stays
      if (legacy.pattern !== undefined) records[address] = { note: "none", ...legacy };
      continue;
    }
    records[address] = record;
    notes.add(address);
    if (mine) ops.push({ bytes, run: () => { noteOf(address, mine).content = mark.message; } });
    else if (kind === "note") ops.push({ bytes, run: () => { sheet.notes.add(address, mark.message); } });
    else ops.push({ bytes, run: () => { sheet.comments.add(sheet.getRange(address), mark.message); } });
  }
  return { ops, records, during: { ...old, ...records }, unplaced, notes: [...notes] };
}
