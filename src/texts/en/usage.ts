// The English texts of namespace usage (src/texts/en: one table, a file per namespace so a bundle
// takes only what it shows; th/usage.ts is its Thai twin).

/** What the command says when it cannot run as asked (a usage error, exit 2; cli/usage-words.ts). Option
 * names, family words, file names and what was typed stay as they are. */
export const usage = {
  unknownCommand: 'unknown command "{command}"',
  unknownCommandMeant: 'unknown command "{command}"; did you mean {meant}?',
  unknownOption: "unknown option {option}",
  optionNeedsValue: "{option} needs a value",
  optionTakesNoValue: "{option} takes no value",
  /** What Node's parser said, when it is none of the above. */
  badArguments: "{detail}",
  noPositional: "{command} takes no file or family argument",
  needsPositional: "{command} needs a {what} argument",
  required: "--{name} is required",
  notFamily: '"{given}" is not a family; use one of {families}',
  familyMeant: '"{given}" is not the word FAMILY takes: write {family}',
  twoFamilies: "two families given: {given} and --family {named}",
  // Which language the run asked for is not known: said in both.
  lang: "--lang must be en or th (--lang ต้องเป็น en หรือ th)",
  wholeNumber: "--{name} must be a whole number",
  month: "--month must be a month YYYY-MM or MM/YYYY, such as 2026-03 or 03/2569",
  date: "--{name} must be a date YYYY-MM-DD or DD/MM/YYYY, such as 2026-03-31 or 31/03/2569",
  sortColumn: "--sort {item}: the column must be one of {columns}",
  sortDirection: '--sort {item}: the direction after ":" must be asc or desc',
  filterForm: "--filter {item}: write COLUMN=TEXT with COLUMN one of {columns}",
  filterEmpty: '--filter {item}: the text after "=" is empty',
  baseUrl: '--base-url "{url}" is not an http(s) URL such as http://127.0.0.1:8787/test',
  clientSecret: "--client-secret (or DOCSHEET_CLIENT_SECRET) is required",
  rowsList: '--rows "{text}" is not a list such as 2,5-9',
  rowsRange: '--rows "{part}" is not a range of row numbers',
  culture: "--culture must be th or en",
  amount: "--{name} must be an amount of at least 0 with at most 2 decimals",
  signedAmount: "--{name} must be an amount with at most 2 decimals",
  rate: "--{name} must be a rate",
  withholdingRate: "--{name} must be one of {rates}, or -1 with --withheld-amount",
  // {label}: the family's English label, and in Thai the word FAMILY takes.
  upgradeTo: '--to: a {label} cannot be upgraded to "{to}"; choose {allowed}',
  fileUnreadable: "--file: cannot read {file}: {code}",
  action: "--action must be status, delete, payment, upgrade, pdf, email, share or attach",
  datesTogether: "--start-date and --end-date go together",
  range: "--range must be one of {values}",
  range5: "--range 5 needs --start-date and --end-date",
  noFile: "no such file: {path}",
  notXlsx: "cannot read {path} as an .xlsx workbook: {detail}",
  noSheet: 'no sheet named "{sheet}"; the workbook has {sheets}',
  folderMissing: "cannot write {path}: there is no folder {dir}",
  writeFailed: "cannot write {path}: {reason}",
  notWritable: "cannot write {path}: not allowed ({code})",
  outInPlace: "--out and --in-place do not go together",
  mappingFile: "--mapping needs a MAPPING.json file",
  mappingUnreadable: "cannot read --mapping {path}: {code}",
  mappingNotJson: "--mapping {path} is not JSON: {detail}",
  mappingProblems: "--mapping {path}: {problems}",
  mappingTooLarge: "--mapping {path} is larger than {mb} MB, the most a mapping file may be: a sheet's headers take a few kB",
  // {acts}, {last}: the acts FAMILY's card offers, the last apart ("status, delete", "pdf").
  actNotOffered: "--action must be {acts} or {last} for {family}",
  noActs: "act does not take {family}: its records have no acts",
  notReport: '"{kind}" is not a report; the reports are vat and wht',
  missingWht: "--missing goes with report wht",
  rdLayoutWht: "--rd-layout goes with report wht",
  rdLayoutForm: '{file} line {line}: "{text}" is not a form; a line starts with PND1, PND2, PND3 or PND53 and a colon',
  rdLayoutField: "{file} line {line}: {text} is not a field of the RD Prep files; the fields are {fields}",
} as const;

/** The lines after a usage error: where the command's usage is and how to ask for its help. */
export const usageHint = {
  usage: "Usage:",
  help: "docsheet {command} --help tells what each option does.",
};
