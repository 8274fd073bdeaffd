// Ctrl+C during a run that talks to the service: stop sending, keep what was done. The listener is
// removed when the run ends, so a process that runs commands one after another (the CLI tests) does
// not gather one per run.
export function abortOnInterrupt(): { signal: AbortSignal; dispose(): void } {
  const stop = new AbortController();
  const abort = (): void => stop.abort();
  process.once("SIGINT", abort);
  return { signal: stop.signal, dispose: () => process.off("SIGINT", abort) };
}
