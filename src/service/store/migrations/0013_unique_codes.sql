-- A product code and a contact code name one live record of their company (the spec:
-- ERROR.CONTACT_CODE_DUPLICATE; the products' ERROR.PRODUCT_CODE_DUPLICATE likewise), now held by
-- the store itself: the services' look-up before an insert let two creates of one code at once both
-- through. Codes two live records already share (such a race's leftovers) stay with the oldest
-- record and are emptied on the others, as 0012 left a clashing code empty rather than broken;
-- deleted records and empty codes are outside the rule.
UPDATE "products" p SET "code" = '', "body" = p."body" || '{"code": ""}'::jsonb
WHERE NOT p."deleted" AND p."code" <> '' AND EXISTS (
  SELECT 1 FROM "products" o WHERE o."company_id" = p."company_id" AND o."code" = p."code" AND NOT o."deleted" AND o."id" < p."id"
);--> statement-breakpoint
UPDATE "contacts" c SET "contact_code" = '', "body" = c."body" || '{"contactCode": ""}'::jsonb
WHERE NOT c."deleted" AND c."contact_code" <> '' AND EXISTS (
  SELECT 1 FROM "contacts" o WHERE o."company_id" = c."company_id" AND o."contact_code" = c."contact_code" AND NOT o."deleted" AND o."id" < c."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "products_company_code" ON "products" USING btree ("company_id","code") WHERE NOT "deleted" AND "code" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_company_code" ON "contacts" USING btree ("company_id","contact_code") WHERE NOT "deleted" AND "contact_code" <> '';
