// The English texts of namespace samples (src/texts/en: one table, a file per namespace so a bundle
// takes only what it shows; th/samples.ts is its Thai twin).

/** The example rows' words a template shows (sheet/samples.ts): a company, items, units. */
export const samples = {
  company: "Example Co., Ltd.",
  address: "1 Silom Road, Bang Rak, Bangkok 10500",
  person: "Somchai",
  consulting: "Consulting",
  hour: "hour",
  travel: "Travel",
  trip: "trip",
  taxi: "Taxi",
  taxiToClient: "Taxi to client",
  paper: "Paper",
  printerPaper: "Printer paper",
  suppliesAccrued: "Office supplies accrued",
  paperAndToner: "Paper and toner",
  service: "Example service",
  oneHour: "One hour of consulting",
};
