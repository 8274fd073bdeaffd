-- Product masters are products (issue 26): one record and one id, so a product made through
-- /products is read and given its accounts through /product-masters/{id}. The masters kept before
-- become products (their settings per side and their main unit as the product's fields; a code a
-- live product already has is left empty rather than broken), and the old table is emptied.
INSERT INTO "products" ("company_id", "code", "name", "body", "created_at", "updated_at")
SELECT m."company_id",
  CASE WHEN EXISTS (SELECT 1 FROM "products" p WHERE p."company_id" = m."company_id" AND p."code" = m."code" AND NOT p."deleted") THEN '' ELSE m."code" END,
  m."name",
  jsonb_strip_nulls(jsonb_build_object(
    'type', m."body"->'type', 'name', m."name", 'categoryName', m."body"->'categoryName',
    'productStructureType', CASE (m."body"->>'type') WHEN '5' THEN 'ProductInventory' WHEN '3' THEN 'ProductNonInventory' ELSE 'ProductService' END,
    'sellVatType', m."body"->'sellSettings'->'vatType', 'sellDescription', m."body"->'sellSettings'->'description',
    'sellChartOfAccountId', m."body"->'sellSettings'->'chartOfAccountId',
    'buyVatType', m."body"->'buySettings'->'vatType', 'buyDescription', m."body"->'buySettings'->'description',
    'buyChartOfAccountId', m."body"->'buySettings'->'chartOfAccountId',
    'unitName', main."l"->'unitName', 'sellPrice', main."l"->'sellPrice', 'buyPrice', main."l"->'buyPrice', 'barcode', main."l"->'barcode',
    'productLists', m."body"->'productLists'
  )),
  m."created_at", m."updated_at"
FROM "product_masters" m
LEFT JOIN LATERAL (
  SELECT l AS "l" FROM jsonb_array_elements(COALESCE(m."body"->'productLists', '[]'::jsonb)) l WHERE (l->>'isMainProduct') = 'true' LIMIT 1
) main ON true
ORDER BY m."id";--> statement-breakpoint
DELETE FROM "product_masters";
