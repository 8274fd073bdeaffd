// The embedded PostgreSQL (PGlite) of a data dir, with the extensions the migrations use: pg_trgm
// for the documents' search index (migration 0005). Everything that opens a store's files goes
// through here: an insert into documents needs pg_trgm loaded once its index exists.
import { setFlagsFromString } from "node:v8";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

export function openPglite(dir: string): Promise<PGlite> {
  // PostgreSQL's WebAssembly is compiled by V8's baseline compiler only. By default V8 also
  // recompiles every function that gets warm with its optimizing compiler, in background threads:
  // for PGlite that doubled the CPU of a start (about 0.7 s more, on every service start) while
  // queries ran no faster in measurements (a 6 s CPU insert-and-list run, and a 2 s CPU aggregate,
  // were within 5% of each other). Set before the module is compiled, for every PGlite of the process.
  setFlagsFromString("--liftoff-only");
  return PGlite.create(dir, { extensions: { pg_trgm } });
}
