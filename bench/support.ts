// What the bench scripts share: running one directly (npx tsx bench/<name>.ts) prints its figures
// like `npm run bench` does, and a failure sets the exit code.
export type Figures = Record<string, unknown>;

export function runAsScript(run: () => Promise<Figures>): void {
  run().then(
    (figures) => {
      for (const [k, v] of Object.entries(figures)) console.log(`${k}: ${v}`);
    },
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
