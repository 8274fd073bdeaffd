// The shared rules: codes, messages, money, schemas, totals and checks. Pure: no I/O, no DOM,
// no Node built-ins, nothing of ours from outside src/rules.
export * from "./codes";
export * from "./findings";
export * from "./limits";
export * from "./messages";
export * from "./money";
export * from "./schemas";
export * from "./totals";
export * from "./checks";
export * from "./list-order";
