// What a finding's mark on the sheet says: its message in the run's language, a note opened as one
// ("Note: Leading zero restored: …") so the cell does not read as a problem; the mark's tone (its
// fill in Excel) is the finding's severity. Findings at one cell make one mark: their messages one
// under the other, its tone the gravest. Pure.
import type { CellMark } from "../workbook/port";
import type { CellFinding } from "./findings";
import type { Lang } from "./i18n/lang";
import { render } from "./i18n/render";
import { resultMsg } from "./i18n/results";

export function markText(f: Pick<CellFinding, "msg" | "severity">, lang: Lang): string {
  return render(f.severity === "note" ? resultMsg("markNote", { message: f.msg }) : f.msg, lang);
}

const GRAVITY = { note: 0, warning: 1, error: 2 } as const;

/** The marks of a run's findings, one per cell. */
export function findingMarks(findings: readonly CellFinding[], lang: Lang): CellMark[] {
  const byCell = new Map<string, CellMark>();
  for (const f of findings) {
    const key = `${f.row},${f.col}`;
    const text = markText(f, lang);
    const there = byCell.get(key);
    if (!there) byCell.set(key, { row: f.row, col: f.col, message: text, tone: f.severity });
    else {
      if (!there.message.split("\n").includes(text)) there.message += `\n${text}`;
      if (GRAVITY[f.severity] > GRAVITY[there.tone ?? "error"]) there.tone = f.severity;
    }
  }
  return [...byCell.values()];
}
