// The note beside a field a mapping still lacks (missingFields), in the user's language (src/texts,
// namespace notes): one text for `docsheet map` and the pane's Columns section.
import { MAPPING_NOTES } from "../mapping";
import { COLUMN_HINTS } from "../messages";
import type { Lang } from "./lang";
import { HINTS_TH } from "./th";
import { notes } from "../../texts/th/notes";

const NOTES_TH: ReadonlyMap<string, string> = new Map([
  ...(Object.keys(MAPPING_NOTES) as (keyof typeof MAPPING_NOTES)[]).map((key) => [MAPPING_NOTES[key], notes[key]] as [string, string]),
  ...Object.entries(COLUMN_HINTS).flatMap(([key, text]) => (HINTS_TH[key] ? [[text, HINTS_TH[key]] as [string, string]] : [])),
]);

export function mappingNote(note: string, lang: Lang): string {
  return lang === "th" ? (NOTES_TH.get(note) ?? note) : note;
}
