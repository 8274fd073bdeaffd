// The English texts of namespace map (src/texts/en: one table, a file per namespace so a bundle
// takes only what it shows; th/map.ts is its Thai twin).

/** What `docsheet map` prints (cli/map.ts): a sheet's columns and the fields they name, what is
 * not mapped, and where the mapping was written. */
export const map = {
  sheet: 'Sheet "{sheet}", {kind}:',
  headingColumn: "Column",
  headingHeader: "Header",
  headingField: "Field",
  /** Between the fields a line names, spaces included. */
  or: " or ",
  noHeader: 'Sheet "{sheet}" has no header row.',
  notMapped: "Not mapped (ignored unless you name a field for them)",
  requiredMissing: "Required, not yet mapped",
  allRequired: "Every required field has a column.",
  usual: "Usual, not mapped",
  values: "For every row",
  wrote: "wrote {out}: edit it if need be, then pass it to check, post and act with --mapping {out}",
  asked: 'Which field is column {column} "{header}"? It could be {fields}: name it in the mapping file (--out, then --mapping)',
  guessed: "* a guess from the header: check, post and act read these columns only through a mapping file (save it with --out, then pass --mapping)",
  /** After the first twenty problems of a mapping file. */
  moreProblems: "and {more} more problems",
};
