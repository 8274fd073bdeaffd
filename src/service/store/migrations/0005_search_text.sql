-- Substring search over 100,000 documents (issue 15): search_text is contact name, project name
-- and serial lower-cased once on write, and a trigram index on it serves LIKE '%text%'. Adding the
-- column rewrites the table once. pg_trgm is a contrib extension: PGlite loads it (store/
-- database.ts), PostgreSQL has it where contrib is installed. A server without it, or a user not
-- allowed to create it, keeps working without the index (searches then read the whole table).
ALTER TABLE "documents" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(contact_name || chr(1) || project_name || chr(1) || serial)) STORED;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm not created: documents search without its index';
END $$;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "documents_search" ON "documents" USING gin ("search_text" gin_trgm_ops);
  END IF;
END $$;
