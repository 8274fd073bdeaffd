// The list query: paging values and the date range.
import { RANGE } from "../codes";
import { finding, type Finding } from "../findings";
import { ruleMsg } from "../messages";
import { ListQuerySchema } from "../schemas";
import { absent, isObject, type Obj } from "./read";
import { guarded, schemaFindings } from "./report";

export function checkListQuery(query: Record<string, string | undefined>): Finding[] {
  return guarded(() => {
    if (!isObject(query)) return [finding("", ruleMsg("queryNotObject"))];
    const defined: Obj = {};
    for (const [k, v] of Object.entries(query)) if (v !== undefined) defined[k] = v;
    const out = schemaFindings(ListQuerySchema, defined);
    const range = typeof defined.range === "string" ? defined.range.trim() : "";
    if (range === String(RANGE.DateRange)) {
      const start = defined.startDate;
      const end = defined.endDate;
      if (absent(start) || absent(end)) out.push(finding(absent(start) ? "startDate" : "endDate", ruleMsg("dateRangeNeedsDates")));
      else if (typeof start === "string" && typeof end === "string" && start > end) out.push(finding("startDate", ruleMsg("dateRangeOrder")));
    }
    return out;
  });
}
