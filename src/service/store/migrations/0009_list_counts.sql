-- Kept list totals (issue 15): a search's total is counted once and kept with the revision of its
-- company and family, which the document triggers below bump in the transaction of every insert,
-- update and delete of documents (so a kept total is exact while the revision is unchanged, after a
-- crash too and with several service processes on one database). sortBy Value gets an index.
-- Nothing here needs an extension: safe on any store made before and on a server without pg_trgm.
CREATE TABLE "list_counts" (
	"company_id" integer NOT NULL,
	"family" text NOT NULL,
	"key" text NOT NULL,
	"revision" bigint NOT NULL,
	"total" integer NOT NULL,
	"marks" json NOT NULL,
	CONSTRAINT "list_counts_company_id_family_key_pk" PRIMARY KEY("company_id","family","key")
);
--> statement-breakpoint
ALTER TABLE "document_counts" ADD COLUMN "revision" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "documents_list_value" ON "documents" USING btree ("company_id","family","grand_total","id") WHERE not "documents"."deleted";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "document_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "document_counts" ("company_id", "family", "live", "revision")
    SELECT "company_id", "family", count(*) FILTER (WHERE NOT "deleted")::int, 1 FROM "new_rows"
    GROUP BY "company_id", "family" ORDER BY "company_id", "family"
  ON CONFLICT ("company_id", "family") DO UPDATE
    SET "live" = "document_counts"."live" + EXCLUDED."live", "revision" = "document_counts"."revision" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "document_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "document_counts" ("company_id", "family", "live", "revision")
    SELECT "company_id", "family", sum("delta")::int, 1 FROM (
      SELECT "company_id", "family", CASE WHEN "deleted" THEN 0 ELSE 1 END AS "delta" FROM "new_rows"
      UNION ALL
      SELECT "company_id", "family", CASE WHEN "deleted" THEN 0 ELSE -1 END FROM "old_rows"
    ) AS "d"
    GROUP BY "company_id", "family" ORDER BY "company_id", "family"
  ON CONFLICT ("company_id", "family") DO UPDATE
    SET "live" = "document_counts"."live" + EXCLUDED."live", "revision" = "document_counts"."revision" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "document_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "document_counts" AS "c" SET "live" = "c"."live" - "o"."n", "revision" = "c"."revision" + 1
    FROM (SELECT "company_id", "family", count(*) FILTER (WHERE NOT "deleted")::int AS "n" FROM "old_rows" GROUP BY "company_id", "family") AS "o"
    WHERE "c"."company_id" = "o"."company_id" AND "c"."family" = "o"."family";
  RETURN NULL;
END $$;
