// Everything heavy the pane runs (the shared rules with zod and decimal.js, the sheet layer, the
// jobs, the client), in one chunk loaded after the pane is on screen: the pane shows at once.
export { createClient } from "../api/client";
export { checkJob } from "../jobs/check";
export { readDocuments } from "../sheet/read";
export { blockDigest } from "../sheet/block-digest";
export { findingMarks } from "../sheet/mark-text";
export { refreshListsJob, templateJob } from "../jobs/template";
export { actJob } from "../jobs/act";
export { shownDocuments } from "../jobs/shown";
export { postJob } from "../jobs/post";
export { rememberedSheetFamily } from "../jobs/sheet-family";
export { connectedCompany, lastCompany } from "../jobs/company";
export { undoJob } from "../jobs/undo";
export { undoRunSheet } from "../jobs/undo-record";
export { pullJob } from "../jobs/pull";
export { refreshJob } from "../jobs/refresh";
export { updateJob } from "../jobs/update";
export { pp30File, vatReportJob } from "../jobs/vat-report";
export { whtReportJob } from "../jobs/wht-report";
export { whtTexts } from "../sheet/wht-report";
export { PP30_FILE_NAME, RD_FILE_NAMES, parseRdLayout, rdPrepWht } from "../sheet/rd-prep";
export { FORM_NAME } from "../rules/certificate-forms";
export { vatTexts } from "../sheet/i18n/vat-report";
export { formatMoney } from "../rules/money";
export { attachToRows, writeUnplaced } from "./attach";
export { ruleProblems, settledView } from "./payment-rules";
export { fieldLabel, normalizeName } from "../sheet/fields";
export { mapHeaders } from "../sheet/headers";
export {
  canStateValue, fieldApplies, fieldsOf, missingFields, parseMapping, statedValueProblem, suggestMapping, toMapping, withSaved,
} from "../sheet/mapping";
export { shownChoices } from "../sheet/columns";
export { resultColumns } from "../sheet/writeback";
export { familyEntry } from "../families";
