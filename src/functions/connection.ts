// The pane's connection as the worksheet functions use it (a shared runtime: the pane and the
// functions are one page). The pane sets it when it connects and clears it when it disconnects;
// the secret stays inside the client, never in the workbook. Refresh forgets every answer read.
import type { DocSheetClient } from "../api";
import type { CompanyName } from "../jobs/same-company";

export interface FunctionsConnection {
  client: DocSheetClient;
  /** The company the workbook was last bound to, read when a function asks. */
  bound: () => Promise<CompanyName | null>;
}

let current: FunctionsConnection | null = null;
let generation = 0;
const listeners = new Set<() => void>();

export function connectFunctions(c: FunctionsConnection | null): void {
  current = c;
  generation++;
  for (const l of listeners) l();
}

/** Calls `listener` when the pane connects or disconnects (the preview's grid calculates again);
 * answers how to stop. */
export function onFunctionsConnection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const functionsConnection = (): { connection: FunctionsConnection | null; generation: number } => ({ connection: current, generation });

/** "Refresh figures": the next call of every function reads again. */
export function refreshFigures(): void {
  generation++;
}
