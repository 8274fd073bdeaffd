-- A search in list order, and its total, from one index (issue 15): the index of 0006 with the list's
-- order in front, so a deep page of a search skips index entries instead of table rows.
DROP INDEX IF EXISTS "documents_search_count";--> statement-breakpoint
CREATE INDEX "documents_search_order" ON "documents" USING btree ("company_id","family","published_on","id","search_text") WHERE not "documents"."deleted";