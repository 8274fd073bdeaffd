// The rows a job did not do, each with its reason; a click selects the row's Result cell, as a
// click on a finding selects its cell.
import type { Translate } from "../i18n";
import { MAX_ROW_NOTES } from "../rows";
import type { RowNote } from "../views";
import type { PaneServices } from "../views";

export function RowNotes(props: { t: Translate; services: PaneServices; sheet?: string; rows?: RowNote[] }) {
  const { t, services, sheet, rows } = props;
  if (!sheet || !rows || rows.length === 0) return null;
  const shown = rows.slice(0, MAX_ROW_NOTES);
  return (
    <>
      <ul class="findings rows" aria-label={t("rowsToLook")}>
        {shown.map((r) => (
          <li key={`${r.row}:${r.key}`}>
            <button type="button" onClick={() => void services.port.select(sheet, r.row, r.col).catch(() => undefined)}>
              <span class="cell">{rowLabel(t, r)}</span>
              {r.message}
            </button>
          </li>
        ))}
      </ul>
      {rows.length > shown.length && <p class="help">{t("moreRows", { n: rows.length - shown.length })}</p>}
    </>
  );
}

/** "Row 2", or "Row 2, document 7:" when the document key says more than the row does (without a
 * documentKey column the key is the row itself; a key equal to the row's number repeats it). */
function rowLabel(t: Translate, r: RowNote): string {
  const row = r.row + 1;
  const key = r.key.trim();
  return key === "" || key === `row ${row}` || key === String(row) ? t("rowAt", { row }) : t("rowDocument", { row, key });
}
