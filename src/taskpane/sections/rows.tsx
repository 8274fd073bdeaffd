// The rows a job did not do, each with its reason; a click selects the row's Result cell, as a
// click on a finding selects its cell.
// Every row is listed, a page at a time (paged-list.tsx).
import type { Translate } from "../i18n";
import type { RowNote } from "../views";
import type { PaneServices } from "../views";
import { PagedList } from "./paged-list";

/** `labelOf`: how the section names a row's record (the update's by its family's word), else rowLabel. */
export function RowNotes(props: { t: Translate; services: PaneServices; sheet?: string; rows?: RowNote[]; labelOf?: (r: RowNote) => string }) {
  const { t, services, sheet, rows } = props;
  const labelOf = props.labelOf ?? ((r: RowNote) => rowLabel(t, r));
  if (!sheet || !rows || rows.length === 0) return null;
  return (
    <PagedList t={t} items={rows} class="findings rows" label={t("rowsToLook")} keyOf={(r) => `${r.row}:${r.key}`}
      item={(r) => (
        <button type="button" title={r.message} onClick={() => void services.port.select(sheet, r.row, r.col).catch(() => undefined)}>
          <span class="cell">{labelOf(r)}</span>{r.message}
        </button>
      )} />
  );
}

/** "Row 2", or "Row 2, document 7:" when the document key says more than the row does (without a
 * documentKey column the key is the row itself; a key equal to the row's number repeats it). As a
 * name on its own (`named`, a table's cell) without the colon that leads into a reason. */
export function rowLabel(t: Translate, r: { row: number; key: string }, named = false): string {
  const key = keyName(r);
  const label = key === undefined ? t("rowAt", { row: r.row + 1 }) : t("rowDocument", { row: r.row + 1, key });
  return named ? label.replace(/:$/, "") : label;
}

/** The row's key where it says more than the row's number does, else undefined. */
export function keyName(r: { row: number; key: string }): string | undefined {
  const row = r.row + 1;
  const key = r.key.trim();
  return key === "" || key === `row ${row}` || key === String(row) ? undefined : key;
}
