// Every text DocSheet shows in Thai, by key: en/'s twin, a file per namespace like it, same keys and
// same {placeholders} (Thai nouns have one form, so a count is {n} where English says
// {n|row|rows}; English's article {a} has no Thai). This index is the whole table, for the tests.
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
