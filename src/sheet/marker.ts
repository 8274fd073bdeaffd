// The marker a post adds to a document's internalNotes, so a create whose answer was lost (or a
// run killed half-way) can be found again instead of created twice. It is the notes' last line,
// below the user's own notes, which are kept exactly as typed:
//
//   docsheet:<hash>:<documentKey>
//
// <hash> is up to 7 base-36 digits of FNV-1a over the sheet name and the document's own cells
// (header fields and lines, not the result columns), so the same key in another workbook or a
// changed document does not match; <documentKey> is the key (spaces as "_", at most KEY_MAX
// characters), "row_N" without a key column. Pulls strip marker lines, so users never see them.
import { LONG_TEXT_MAX } from "../rules/limits";
import type { SheetDocument } from "./read";

export const MARKER_PREFIX = "docsheet:";

/** The key's part of a marker: the hash tells documents apart, the key only helps a person. */
const KEY_MAX = 40;
/** What a marker takes of internalNotes at most, with the line break before it. */
export const MARKER_ROOM = 1 + MARKER_PREFIX.length + 7 + 1 + KEY_MAX;
/** The longest internalNotes a user can give a document DocSheet posts: the marker needs the rest. */
export const NOTES_MAX = LONG_TEXT_MAX - MARKER_ROOM;

const MARKER_LINE = /^docsheet:[0-9a-z]{1,8}:\S+$/;

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

const RESULT_FIELDS = new Set(["recordId", "documentSerial", "status", "result", "shareLink", "pdfFile", "fingerprint"]);

export function documentMarker(sheet: string, doc: SheetDocument): string {
  const header = Object.entries(doc.fields)
    .filter(([k]) => !RESULT_FIELDS.has(k))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, c]) => `${k}=${String(c.value)}`);
  const lines = doc.lines.map((l) =>
    Object.entries(l.fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, c]) => `${k}=${String(c.value)}`).join("\u0001"),
  );
  const hash = fnv1a([sheet, ...header, "\u0002", ...lines].join("\u0000")).toString(36).padStart(7, "0");
  let key = "";
  // Whole characters only: half a surrogate pair is text the service refuses.
  for (const ch of doc.key.replace(/\s+/g, "_")) {
    if (key.length + ch.length > KEY_MAX) break;
    key += ch;
  }
  return `${MARKER_PREFIX}${hash}:${key}`;
}

function isMarkerLine(line: string): boolean {
  return MARKER_LINE.test(line.trim());
}

/** The notes without their marker lines (each with the line break that joined it), the rest exactly as it was. */
export function stripMarkers(notes: string): string {
  if (!notes.includes(MARKER_PREFIX)) return notes;
  const parts = notes.split(/(\r?\n)/); // line, break, line, break, ..., line
  let out = "";
  let kept = false;
  for (let i = 0; i < parts.length; i += 2) {
    if (isMarkerLine(parts[i])) continue;
    if (kept) out += parts[i - 1];
    out += parts[i];
    kept = true;
  }
  return out;
}

/** The user's notes (earlier markers dropped: a pulled document's marker is not this one's) with
 * this marker as the last line. */
export function notesWithMarker(notes: string | undefined, marker: string): string {
  const own = notes === undefined ? "" : stripMarkers(notes);
  return own === "" ? marker : `${own}\n${marker}`;
}

/** Whether a document's internalNotes carry this marker (as a whole line). */
export function hasMarker(internalNotes: unknown, marker: string): boolean {
  return typeof internalNotes === "string" && internalNotes.split(/\r?\n/).some((line) => line.trim() === marker);
}

/** The post's marker a document's internalNotes carry (their marker line), if any. */
export function markerIn(notes: unknown): string | undefined {
  if (typeof notes !== "string" || !notes.includes(MARKER_PREFIX)) return undefined;
  return notes.split(/\r?\n/).map((l) => l.trim()).find(isMarkerLine);
}
