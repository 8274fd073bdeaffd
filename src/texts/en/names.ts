// The English texts of namespace names (src/texts/en: one table, a file per namespace so a bundle
// takes only what it shows; th/names.ts is its Thai twin).

/** Values a message carries, named in the reader's language (sheet/i18n/names.ts): a document's side
 * as the rules name it, and what checks/report.ts names besides fields. */
export const names = {
  side_sell: "sell",
  side_buy: "buy",
  side_expense: "expense",
  requestBody: "The request body",
  fieldName: "A field name",
  // A line's field, and a line, as a message names them (sheet/i18n/names.ts); {field} in lower case in English.
  lineField: "Line {n} {field}",
  line: "Line {n}",
};
