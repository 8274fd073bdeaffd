// One line of an update's preview, for documents and books alike (jobs/update.ts, families/update-books.ts).

/** A changed field, in the run's language. */
export interface ShownChange {
  /** The field's label ("Unit price", "Line 2 unit price" / "ราคาต่อหน่วยของรายการที่ 2"). */
  field: string;
  from: string;
  to: string;
}
