// `npm run bench`: runs every benchmark in bench/ one after another and prints its figures.
// Each bench module exports `run()` returning its figures; a bench that fails is reported, not fatal.
import { existsSync } from "node:fs";
import { join } from "node:path";

const BENCHES = ["rules", "service", "service-search", "service-pdf", "api", "engine", "undo", "families", "cli", "addin", "functions"];

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  let failed = 0;
  for (const name of BENCHES) {
    if (only.length > 0 && !only.includes(name)) continue;
    const file = join(__dirname, `${name}.ts`);
    if (!existsSync(file)) continue;
    console.log(`\n== bench/${name}`);
    try {
      const mod = (await import(file)) as { run: () => Promise<Record<string, unknown>> };
      const figures = await mod.run();
      for (const [key, value] of Object.entries(figures)) console.log(`${key}: ${value}`);
    } catch (err) {
      failed++;
      console.log(`failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  process.exitCode = failed > 0 ? 1 : 0;
}

void main();
