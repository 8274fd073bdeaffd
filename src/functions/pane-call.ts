// One call of a worksheet function over the pane's connection (a shared runtime: Excel's calls and
// the preview's grid are on the pane's page): the answers read are kept until the connection
// changes or "Refresh figures", and the functions' table and reads are fetched on the first call,
// in a chunk of their own (as the pane's engine is: services.ts). A cell's error is a FunctionError.
import type { FigureReads } from "../jobs/figures";
import type { Lang } from "../sheet/i18n/lang";
import type { ArgValue } from "./args";
import type { FunctionResult } from "./cells";
import type { CompanyName } from "../jobs/same-company";
import { functionsConnection, type FunctionsConnection } from "./connection";
import type * as Engine from "./engine";

declare const __webpack_require__: unknown;

function loadEngine(): Promise<typeof Engine> {
  if (typeof __webpack_require__ === "function") return import(/* webpackChunkName: "functions-engine" */ "./engine" as string);
  return Promise.resolve(require("./engine") as typeof Engine);
}

let reads: { generation: number; reads: FigureReads } | null = null;
/** The workbook's company as the calls in flight asked for it: one read of the workbook for a
 * recalculation's calls, which then ask for their lists together (the reads gather what is asked at once). */
let bounding: { connection: FunctionsConnection; company: Promise<CompanyName | null> } | null = null;

function boundCompany(connection: FunctionsConnection): Promise<CompanyName | null> {
  if (bounding?.connection !== connection) {
    const company = connection.bound();
    const own = { connection, company };
    bounding = own;
    const done = () => { if (bounding === own) bounding = null; };
    company.then(done, done);
  }
  return bounding!.company;
}

export async function callInPane(name: string, args: readonly ArgValue[], lang: Lang): Promise<FunctionResult> {
  const { figureReads, callFunction } = await loadEngine();
  const { connection, generation } = functionsConnection();
  if (!connection) return callFunction(name, args, { lang });
  if (reads?.generation !== generation) reads = { generation, reads: figureReads(connection.client) };
  const kept = reads.reads;
  return callFunction(name, args, { reads: kept, lang, bound: await boundCompany(connection) });
}
