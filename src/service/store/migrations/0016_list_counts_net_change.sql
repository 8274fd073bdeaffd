-- A write changes only the kept entries whose total or marks it moves (issue 15), and a write that
-- changes nothing a kept list reads (a void) does not ask. list_counts_follow
-- (0011) rewrote every kept entry whose condition the old or the new row matched, even when both
-- did and the row kept its place: a status change (a void, the most of an undo's time) matches as it
-- did before on every kept list (no kept condition names the status), yet rewrote each entry's total
-- and its marks, one row version each, under the company and family's lock. Now the matched rows are
-- netted per entry and place in the list order ((published_on, grand_total, id), all the marks
-- compare): a row that left and came back at the same place adds nothing, and an entry with nothing
-- left is not touched. Totals and marks are the sums they were, only without the zeros. And the
-- update trigger passes on only the rows changed in a column a kept condition or mark reads
-- (list_counts_seen): a status change passes none, and costs no dynamic statement at all (measured
-- on the embedded store, 5,000 tax invoices and two kept entries: 8 ms of CPU a void -> 1.5 ms).
-- The columns a kept condition or mark reads (documents/list-sql.ts buildWhere, list-counts.ts
-- marks): a condition that reads another column must add it here.
CREATE FUNCTION "list_counts_seen"("d" "documents") RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array("d"."id", "d"."company_id", "d"."family", "d"."deleted", "d"."published_on", "d"."grand_total",
                           "d"."serial", "d"."contact_name", "d"."project_name", "d"."search_text")
$$;--> statement-breakpoint
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
           "each" AS (%s),
           "matched" AS (SELECT "key", sum("sign")::int AS "sign", "published_on", "grand_total", "id" FROM "each"
                         GROUP BY "key", "published_on", "grand_total", "id" HAVING sum("sign") <> 0)
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
END $$;--> statement-breakpoint
-- As in 0010, passing on only the rows changed where a kept list reads them.
CREATE OR REPLACE FUNCTION "document_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE "added" "documents"[]; "removed" "documents"[];
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
    SELECT coalesce(array_agg("n"::"documents"), '{}'), coalesce(array_agg("o"::"documents"), '{}') INTO "added", "removed"
      FROM "new_rows" AS "n" JOIN "old_rows" AS "o" ON "o"."id" = "n"."id"
      WHERE "list_counts_seen"("n"::"documents") IS DISTINCT FROM "list_counts_seen"("o"::"documents");
    IF cardinality("added") > 0 THEN PERFORM "list_counts_follow"("added", "removed"); END IF;
  END IF;
  RETURN NULL;
END $$;
