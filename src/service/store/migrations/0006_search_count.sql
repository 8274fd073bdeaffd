-- The total of a search counted from an index alone (issue 15): an index-only scan reads the
-- company's search texts, not the table's rows with their bodies. Search text entries are far under
-- btree's entry limit (names at most 250 characters).
CREATE INDEX "documents_search_count" ON "documents" USING btree ("company_id","family","search_text") WHERE not "documents"."deleted";