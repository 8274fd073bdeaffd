// Every text DocSheet shows in English, by key: one table for the rules, the sheet, the task pane and
// the command line, with th/ its Thai twin (same keys, same {placeholders}: test/house/texts.test.ts
// holds them to it). A key is its namespace and its name ("pane.connect", "rules.contactRequired").
// Each namespace is a file of its own, imported by the module that shows it (taskpane/i18n.ts,
// sheet/messages.ts, ...), because a bundle takes whole files: the pane's first load carries only
// the pane's words, its check engine the rules' and the sheet's, and neither the command line's.
// This index is the whole table, for the tests. Texts only; they import only the lists of codes
// some of them name (../lists.ts).
export * from "./rules";
export * from "./sheet";
export * from "./hints";
export * from "./results";
export * from "./pane";
export * from "./usage";
export * from "./help";
export * from "./reader";
export * from "./functions";
export * from "./cli";
export * from "./phrases";
export * from "./notes";
export * from "./names";
export * from "./status";
export * from "./fields";
export * from "./families";
export * from "./values";
export * from "./book-fields";
export * from "./function-help";
export * from "./forms";
export * from "./system";
export * from "./samples";
export * from "./map";
export * from "./vat-report";
export * from "./wht-report";
