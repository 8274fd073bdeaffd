CREATE TABLE "document_counts" (
	"company_id" integer NOT NULL,
	"family" text NOT NULL,
	"live" integer NOT NULL,
	CONSTRAINT "document_counts_company_id_family_pk" PRIMARY KEY("company_id","family")
);
--> statement-breakpoint
DROP INDEX "documents_list";--> statement-breakpoint
ALTER TABLE "document_counts" ADD CONSTRAINT "document_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_list_order" ON "documents" USING btree ("company_id","family","published_on","id") WHERE not "documents"."deleted";--> statement-breakpoint
CREATE FUNCTION "document_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "document_counts" ("company_id", "family", "live")
    SELECT "company_id", "family", count(*)::int FROM "new_rows" WHERE NOT "deleted" GROUP BY "company_id", "family"
  ON CONFLICT ("company_id", "family") DO UPDATE SET "live" = "document_counts"."live" + EXCLUDED."live";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "document_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "document_counts" ("company_id", "family", "live")
    SELECT "company_id", "family", sum("delta")::int FROM (
      SELECT "company_id", "family", CASE WHEN "deleted" THEN 0 ELSE 1 END AS "delta" FROM "new_rows"
      UNION ALL
      SELECT "company_id", "family", CASE WHEN "deleted" THEN 0 ELSE -1 END FROM "old_rows"
    ) AS "d"
    GROUP BY "company_id", "family" HAVING sum("delta") <> 0
  ON CONFLICT ("company_id", "family") DO UPDATE SET "live" = "document_counts"."live" + EXCLUDED."live";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "document_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "document_counts" AS "c" SET "live" = "c"."live" - "o"."n"
    FROM (SELECT "company_id", "family", count(*)::int AS "n" FROM "old_rows" WHERE NOT "deleted" GROUP BY "company_id", "family") AS "o"
    WHERE "c"."company_id" = "o"."company_id" AND "c"."family" = "o"."family";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "documents_count_insert" AFTER INSERT ON "documents" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "document_counts_after_insert"();--> statement-breakpoint
CREATE TRIGGER "documents_count_update" AFTER UPDATE ON "documents" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "document_counts_after_update"();--> statement-breakpoint
CREATE TRIGGER "documents_count_delete" AFTER DELETE ON "documents" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "document_counts_after_delete"();--> statement-breakpoint
INSERT INTO "document_counts" ("company_id", "family", "live")
  SELECT "company_id", "family", count(*)::int FROM "documents" WHERE NOT "deleted" GROUP BY "company_id", "family";
