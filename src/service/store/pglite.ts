// The embedded PostgreSQL (PGlite) of a data dir, with the extensions the migrations use: pg_trgm
// for the documents' search index (migration 0005). Everything that opens a store's files goes
// through here: an insert into documents needs pg_trgm loaded once its index exists.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

export const openPglite = (dir: string): Promise<PGlite> => PGlite.create(dir, { extensions: { pg_trgm } });
