// The English texts of namespace notes (src/texts/en: one table, a file per namespace so a bundle
// takes only what it shows; th/notes.ts is its Thai twin).

/** The note beside a field a mapping still lacks (sheet/mapping.ts missingFields). */
export const notes = {
  today: "today's date when absent",
  oneLine: "without it every row is a document of one line",
  businessView: "for business-view rows",
  vat: "no document is sent until the sheet says whether it carries VAT: a column, or one value for every row",
  vatInclusive: "without it prices are taken as before VAT: a column, or one value for every row",
} as const;
