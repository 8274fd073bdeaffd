// One call of a worksheet function as a cell makes it: the connection and the workbook's company
// checked first (#N/A saying so), the arguments read (#VALUE! naming one), then the entry evaluated;
// a service's failure is #N/A saying what to do. Every caller (Excel, `docsheet calc`) goes through here.
import { NetworkError } from "../api";
import type { FigureReads } from "../jobs/figures";
import { sameCompany, type CompanyName } from "../jobs/same-company";
import type { Lang } from "../sheet/i18n/lang";
import type { ArgValue } from "./args";
import type { FunctionResult } from "./cells";
import { FUNCTION_BY_NAME } from "./table";
import { FunctionError, msg } from "./texts";

export interface FunctionSession {
  /** Undefined when DocSheet is not connected. */
  reads?: FigureReads;
  lang: Lang;
  /** The company the workbook was last bound to, if any. */
  bound?: CompanyName | null;
  today?: () => string;
}

export async function callFunction(name: string, args: readonly ArgValue[], session: FunctionSession): Promise<FunctionResult> {
  const entry = FUNCTION_BY_NAME.get(name.toUpperCase().replace(/^DOCSHEET\./, ""));
  if (!entry) throw new Error(`no DOCSHEET function ${name}`);
  const reads = session.reads;
  if (!reads) throw new FunctionError("#N/A", msg("notConnected"));
  try {
    if (session.bound) {
      const connected = await reads.company();
      if (!sameCompany(session.bound, connected)) throw new FunctionError("#N/A", msg("otherCompany", { bound: session.bound.name, connected: connected.name }));
    }
    const today = session.today ?? (() => new Date().toISOString().slice(0, 10));
    return await entry.evaluate({ reads, lang: session.lang, today }, args);
  } catch (err) {
    if (err instanceof FunctionError) throw err;
    // No answer (refused, reset, too slow): the cell ends in an error, not busy for ever.
    if (err instanceof NetworkError) throw new FunctionError("#N/A", msg("noAnswer"));
    throw new FunctionError("#N/A", msg("serviceError", { text: err instanceof Error ? err.message : String(err) }));
  }
}
