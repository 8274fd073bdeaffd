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
              <span class="cell">{t("rowAt", { row: r.row + 1 })}</span>
              {/* Without a documentKey column the key is the row itself: said once. */}
              {r.key === `row ${r.row + 1}` ? r.message : `${r.key}: ${r.message}`}
            </button>
          </li>
        ))}
      </ul>
      {rows.length > shown.length && <p class="help">{t("moreRows", { n: rows.length - shown.length })}</p>}
    </>
  );
}
