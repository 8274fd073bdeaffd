// The English texts of namespace functions (src/texts/en: one table, a file per namespace so a bundle
// takes only what it shows; th/functions.ts is its Thai twin).

/** What the worksheet functions say in a cell's error, and calc's summary (functions/texts.ts). */
export const functions = {
  notConnected: "DocSheet is not connected: open the DocSheet pane and connect",
  otherCompany: "This workbook is {bound}'s; DocSheet is connected to {connected}: connect to {bound}",
  badArgument: "{argument}: {problem}",
  missing: "required",
  noFamily: "\"{value}\" is no document type (tax invoice, receipt, ...)",
  noMonth: "\"{value}\" is no month (2026-11, 11/2569)",
  noDate: "\"{value}\" is no date (2026-11-30, 30/11/2569)",
  noStatus: "\"{value}\" is no status",
  noChoice: "\"{value}\" is not one of: {choices}",
  noField: "\"{value}\" is no field of a document",
  noDocument: "no document {serial} on the service",
  fromAfterTo: "after the end date",
  spillBlocked: "the table needs {range}, where other cells hold values: clear them",
  notACall: "left as it is: a formula that does more than call one DOCSHEET function is not calculated here",
  calculated: "calculated {count} DOCSHEET formulas, {errors} of them errors; wrote {out}",
  noAnswer: "the service did not answer: check the connection in the DocSheet pane and refresh the figures",
  serviceError: "the service answered: {text}. Check the connection in the DocSheet pane and refresh the figures",
} as const;
