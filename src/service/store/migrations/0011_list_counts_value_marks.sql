-- Kept marks in Value order too (issue 15): sortBy Value's deep pages seek from a kept mark, a
-- row's (grand_total, id) with the rows before it, as date order's do from a date. marks_by says
-- which order an entry's marks are in ('publishedOn' or 'Value'; null when it has none), and
-- list_counts_follow moves Value marks as it moves date marks. The entries kept before have no
-- marks_by: dropped (a cache, counted again when asked).
DELETE FROM "list_counts";--> statement-breakpoint
ALTER TABLE "list_counts" ADD COLUMN "marks_by" text;--> statement-breakpoint
DROP FUNCTION "list_counts_keep"(integer, text, text, bigint, integer, json, text, text[], boolean, integer);--> statement-breakpoint
-- As in 0010, with the order of the marks.
CREATE FUNCTION "list_counts_keep"("p_company" integer, "p_family" text, "p_key" text, "p_rev" bigint,
    "p_total" integer, "p_marks" json, "p_cond" text, "p_args" text[], "p_marks_by" text, "p_descending" boolean, "p_cap" integer)
  RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE "current" bigint;
BEGIN
  SELECT "revision" INTO "current" FROM "document_counts" WHERE "company_id" = "p_company" AND "family" = "p_family" FOR UPDATE;
  IF "current" IS DISTINCT FROM "p_rev" THEN RETURN false; END IF;
  INSERT INTO "list_counts" ("company_id", "family", "key", "total", "marks", "cond", "args", "marks_by", "descending", "used_at")
    VALUES ("p_company", "p_family", "p_key", "p_total", "p_marks", "p_cond", "p_args", "p_marks_by", "p_descending", now())
  ON CONFLICT ("company_id", "family", "key") DO UPDATE SET "total" = EXCLUDED."total", "marks" = EXCLUDED."marks",
    "cond" = EXCLUDED."cond", "args" = EXCLUDED."args", "marks_by" = EXCLUDED."marks_by", "descending" = EXCLUDED."descending",
    "used_at" = now();
  DELETE FROM "list_counts" WHERE "company_id" = "p_company" AND "family" = "p_family" AND "key" IN (
    SELECT "key" FROM "list_counts" WHERE "company_id" = "p_company" AND "family" = "p_family" AND "key" <> "p_key"
    ORDER BY "used_at" DESC, "key" OFFSET greatest("p_cap" - 1, 0));
  RETURN true;
END $$;--> statement-breakpoint
-- As in 0010; a mark's rows before it are its last element, and a written row lies before a Value
-- mark [grand_total, id, before] when its (grand_total, id) comes first in the entry's direction.
CREATE OR REPLACE FUNCTION "list_counts_follow"("added" "documents"[], "removed" "documents"[])
  RETURNS void LANGUAGE plpgsql AS $$
DECLARE "cf" record; "matched" text;
BEGIN
  FOR "cf" IN SELECT DISTINCT "d"."company_id", "d"."family" FROM unnest("added" || "removed") AS "d" ORDER BY 1, 2 LOOP
    SELECT string_agg(format('SELECT %L::text AS "key", "sign", "published_on", "grand_total", "id" FROM "changed" WHERE %s',
                             "k"."key", format("k"."cond", VARIADIC "k"."args")), ' UNION ALL ')
      INTO "matched" FROM "list_counts" AS "k" WHERE "k"."company_id" = "cf"."company_id" AND "k"."family" = "cf"."family";
    CONTINUE WHEN "matched" IS NULL;
    EXECUTE format($q$
      WITH "changed" AS (SELECT 1 AS "sign", * FROM unnest($1::"documents"[]) UNION ALL SELECT -1, * FROM unnest($2::"documents"[])),
           "matched" AS (%s)
      UPDATE "list_counts" AS "k" SET
        "total" = "k"."total" + (SELECT coalesce(sum("m"."sign"), 0) FROM "matched" AS "m" WHERE "m"."key" = "k"."key")::int,
        "marks" = (SELECT coalesce(json_agg(("e"::jsonb - -1) || to_jsonb(("e" ->> (json_array_length("e") - 1))::int + (
                     SELECT coalesce(sum("m"."sign"), 0) FROM "matched" AS "m" WHERE "m"."key" = "k"."key" AND CASE
                       WHEN "k"."marks_by" = 'Value' AND "k"."descending"
                         THEN ("m"."grand_total", "m"."id") > (("e" ->> 0)::numeric, ("e" ->> 1)::bigint)
                       WHEN "k"."marks_by" = 'Value'
                         THEN ("m"."grand_total", "m"."id") < (("e" ->> 0)::numeric, ("e" ->> 1)::bigint)
                       WHEN "k"."descending" THEN "m"."published_on" > ("e" ->> 0)::date
                       ELSE "m"."published_on" < ("e" ->> 0)::date END)::int) ORDER BY "i"), '[]')
                   FROM json_array_elements("k"."marks") WITH ORDINALITY AS "x"("e", "i"))
      WHERE "k"."company_id" = $3 AND "k"."family" = $4 AND "k"."key" IN (SELECT "key" FROM "matched")$q$, "matched")
    USING "added", "removed", "cf"."company_id", "cf"."family";
  END LOOP;
END $$;
