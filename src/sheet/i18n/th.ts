// Every message in Thai, keyed like its English table (MESSAGES, SHEET_MESSAGES, RESULT_MESSAGES,
// COLUMN_HINTS): the namespaces of src/texts/th under the names the sheet has always used. Pure.
import { hints } from "../../texts/th/hints";

export { results as RESULTS_TH } from "../../texts/th/results";
export { rules as RULES_TH } from "../../texts/th/rules";
export { sheet as SHEET_TH } from "../../texts/th/sheet";

/** A column hint's Thai by field key. */
export const HINTS_TH: Readonly<Record<string, string>> = hints;
