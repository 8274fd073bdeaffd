-- Kept list totals follow the writes (issue 15): instead of dropping every kept total of a company
-- and family at each write (0009), the document triggers add what the write changed to each kept
-- total and mark whose condition the old and new rows match (-1 for an old row that matched, +1 for
-- a new row that matches). A kept entry stores its condition as the list's own WHERE (a format()
-- string and its values, list-sql.ts matchSql), so the list and its total share one definition of
-- the match. At most a capped number of entries per company and family are kept (the least
-- recently used go first), so a write costs a bounded amount.
--
-- Locks, always in this order: the document_counts row of the company and family (every write
-- takes it in its trigger before it touches list_counts; list_counts_keep takes it first), then
-- list_counts rows. So writes and keeps of one company and family run one at a time, and a count
-- made before a write that had not committed is never kept (list_counts_keep compares revisions).
-- The old entries have no condition: they are dropped (a cache, counted again when asked).
DELETE FROM "list_counts";--> statement-breakpoint
ALTER TABLE "list_counts" DROP COLUMN "revision";--> statement-breakpoint
ALTER TABLE "list_counts" ADD COLUMN "cond" text NOT NULL;--> statement-breakpoint
ALTER TABLE "list_counts" ADD COLUMN "args" text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "list_counts" ADD COLUMN "descending" boolean;--> statement-breakpoint
ALTER TABLE "list_counts" ADD COLUMN "used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Keeps a total counted at revision `rev` (and its marks; `descending` null when it has none) if no
-- write of the company and family's documents has committed since, nor is under way; then drops
-- the least recently used entries past `cap`. True when kept.
CREATE OR REPLACE FUNCTION "list_counts_keep"("p_company" integer, "p_family" text, "p_key" text, "p_rev" bigint,
    "p_total" integer, "p_marks" json, "p_cond" text, "p_args" text[], "p_descending" boolean, "p_cap" integer)
  RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE "current" bigint;
BEGIN
  SELECT "revision" INTO "current" FROM "document_counts" WHERE "company_id" = "p_company" AND "family" = "p_family" FOR UPDATE;
  IF "current" IS DISTINCT FROM "p_rev" THEN RETURN false; END IF;
  INSERT INTO "list_counts" ("company_id", "family", "key", "total", "marks", "cond", "args", "descending", "used_at")
    VALUES ("p_company", "p_family", "p_key", "p_total", "p_marks", "p_cond", "p_args", "p_descending", now())
  ON CONFLICT ("company_id", "family", "key") DO UPDATE SET "total" = EXCLUDED."total", "marks" = EXCLUDED."marks",
    "cond" = EXCLUDED."cond", "args" = EXCLUDED."args", "descending" = EXCLUDED."descending", "used_at" = now();
  DELETE FROM "list_counts" WHERE "company_id" = "p_company" AND "family" = "p_family" AND "key" IN (
    SELECT "key" FROM "list_counts" WHERE "company_id" = "p_company" AND "family" = "p_family" AND "key" <> "p_key"
    ORDER BY "used_at" DESC, "key" OFFSET greatest("p_cap" - 1, 0));
  RETURN true;
END $$;--> statement-breakpoint
-- Adds the written rows to the kept entries of their companies and families: `added` are rows as
-- they are now (+1 where they match), `removed` as they were (-1). A mark [day, before] counts the
-- rows before `day` in its list's order, so a matching row moves it when it lies before that day.
-- Called by the document triggers after they have locked the document_counts rows.
CREATE OR REPLACE FUNCTION "list_counts_follow"("added" "documents"[], "removed" "documents"[])
  RETURNS void LANGUAGE plpgsql AS $$
DECLARE "cf" record; "matched" text;
BEGIN
  FOR "cf" IN SELECT DISTINCT "d"."company_id", "d"."family" FROM unnest("added" || "removed") AS "d" ORDER BY 1, 2 LOOP
    SELECT string_agg(format('SELECT %L::text AS "key", "sign", "published_on" FROM "changed" WHERE %s', "k"."key",
                             format("k"."cond", VARIADIC "k"."args")), ' UNION ALL ')
      INTO "matched" FROM "list_counts" AS "k" WHERE "k"."company_id" = "cf"."company_id" AND "k"."family" = "cf"."family";
    CONTINUE WHEN "matched" IS NULL;
    EXECUTE format($q$
      WITH "changed" AS (SELECT 1 AS "sign", * FROM unnest($1::"documents"[]) UNION ALL SELECT -1, * FROM unnest($2::"documents"[])),
           "matched" AS (%s)
      UPDATE "list_counts" AS "k" SET
        "total" = "k"."total" + (SELECT coalesce(sum("m"."sign"), 0) FROM "matched" AS "m" WHERE "m"."key" = "k"."key")::int,
        "marks" = (SELECT coalesce(json_agg(json_build_array("e" ->> 0, ("e" ->> 1)::int + (
                     SELECT coalesce(sum("m"."sign"), 0) FROM "matched" AS "m" WHERE "m"."key" = "k"."key"
                       AND CASE WHEN "k"."descending" THEN "m"."published_on" > ("e" ->> 0)::date
                                ELSE "m"."published_on" < ("e" ->> 0)::date END)::int) ORDER BY "i"), '[]')
                   FROM json_array_elements("k"."marks") WITH ORDINALITY AS "x"("e", "i"))
      WHERE "k"."company_id" = $3 AND "k"."family" = $4 AND "k"."key" IN (SELECT "key" FROM "matched")$q$, "matched")
    USING "added", "removed", "cf"."company_id", "cf"."family";
  END LOOP;
END $$;--> statement-breakpoint
-- The triggers of 0009, each then passing its rows on when any kept entry may care.
CREATE OR REPLACE FUNCTION "document_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "document_counts" ("company_id", "family", "live", "revision")
    SELECT "company_id", "family", count(*) FILTER (WHERE NOT "deleted")::int, 1 FROM "new_rows"
    GROUP BY "company_id", "family" ORDER BY "company_id", "family"
  ON CONFLICT ("company_id", "family") DO UPDATE
    SET "live" = "document_counts"."live" + EXCLUDED."live", "revision" = "document_counts"."revision" + 1;
  IF EXISTS (SELECT 1 FROM "list_counts" AS "k" WHERE ("k"."company_id", "k"."family") IN (SELECT "company_id", "family" FROM "new_rows")) THEN
    PERFORM "list_counts_follow"(ARRAY(SELECT "d"::"documents" FROM "new_rows" AS "d"), '{}');
  END IF;
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
  IF EXISTS (SELECT 1 FROM "list_counts" AS "k" WHERE ("k"."company_id", "k"."family") IN (
      SELECT "company_id", "family" FROM "new_rows" UNION SELECT "company_id", "family" FROM "old_rows")) THEN
    PERFORM "list_counts_follow"(ARRAY(SELECT "d"::"documents" FROM "new_rows" AS "d"), ARRAY(SELECT "d"::"documents" FROM "old_rows" AS "d"));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "document_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "document_counts" AS "c" SET "live" = "c"."live" - "o"."n", "revision" = "c"."revision" + 1
    FROM (SELECT "company_id", "family", count(*) FILTER (WHERE NOT "deleted")::int AS "n" FROM "old_rows" GROUP BY "company_id", "family") AS "o"
    WHERE "c"."company_id" = "o"."company_id" AND "c"."family" = "o"."family";
  IF EXISTS (SELECT 1 FROM "list_counts" AS "k" WHERE ("k"."company_id", "k"."family") IN (SELECT "company_id", "family" FROM "old_rows")) THEN
    PERFORM "list_counts_follow"('{}', ARRAY(SELECT "d"::"documents" FROM "old_rows" AS "d"));
  END IF;
  RETURN NULL;
END $$;
