// The embedded PostgreSQL (PGlite) of a data dir, with the extensions the migrations use: pg_trgm
// for the documents' search index (migration 0005). Everything that opens a store's files goes
// through here: an insert into documents needs pg_trgm loaded once its index exists.
import { setFlagsFromString } from "node:v8";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/** How much a WebAssembly function runs before V8 recompiles it with its optimizing compiler (V8's
 * default is 1,800,000). */
const WASM_TIERING_BUDGET = 200_000_000;

export function openPglite(dir: string): Promise<PGlite> {
  // With V8's default budget, PostgreSQL's start-up code gets warm enough to be recompiled by the
  // optimizing compiler, in background threads: about 0.8 s more CPU on every service start, for
  // code that runs once. With a budget 100 times larger a start compiles almost nothing more, while
  // a heavy workload still gets its hot functions optimized within its first queries (100,000-row
  // trigram searches and bulk inserts measured as fast as with the default; optimizing nothing,
  // --liftoff-only, made them 1.8 times slower). Set before the module is compiled, for every
  // PGlite of the process.
  setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
  return PGlite.create(dir, { extensions: { pg_trgm } });
}
