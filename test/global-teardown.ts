// Jest's global teardown: stops the workers' shared services (helpers/shared-service.ts), drops
// the run's template database and removes the template stores (helpers/store-templates.ts), then
// stops the PostgreSQL cluster test/global-setup.ts started and removes its files.
import { rmSync } from "node:fs";
import { stopSharedServices } from "./helpers/shared-service";
import { TEMPLATES_ENV, templateDatabase } from "./helpers/store-templates";
import { dropDatabase } from "./helpers/test-databases";

export default async function globalTeardown(): Promise<void> {
  const templates = process.env[TEMPLATES_ENV];
  if (templates) {
    await stopSharedServices(templates);
    const database = templateDatabase(templates);
    if (database) await dropDatabase(database).catch(() => undefined);
    rmSync(templates, { recursive: true, force: true });
  }
  await globalThis.docsheetPostgres?.stop();
}
