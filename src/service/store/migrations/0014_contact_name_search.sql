-- Contacts found by a part of their name: a contacts list filtered by names (up to ten joined by
-- Or: a post's race guard and contact reads, undo's reading of the contacts its post made) and a
-- search both match lower(contact_name) LIKE '%name%', which without an index reads every contact of
-- the store (21,000 after the engine bench's documents and certificates: 100 ms a list, 10 ms with
-- the index). A trigram index on the lowered name serves both, as documents_search (0005) serves the
-- documents; only where the store has pg_trgm (0005 created it where it could).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "contacts_name_search" ON "contacts" USING gin (lower("contact_name") gin_trgm_ops);
  END IF;
END $$;
