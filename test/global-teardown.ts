// Jest's global teardown: stops the PostgreSQL cluster test/global-setup.ts started and removes its files.
export default async function globalTeardown(): Promise<void> {
  await globalThis.docsheetPostgres?.stop();
}
