-- Expense categories answer systemCode as a number, as the real service does (1001 in its
-- examples), where this store kept text (EXP-TRAVEL). The demo categories get the numbers the seed
-- now gives them; other codes of digits become that number; any other text 9000 + the row's id.
UPDATE "expense_categories" SET "body" = jsonb_set("body", '{systemCode}', to_jsonb(
  CASE
    WHEN "body"->>'systemCode' IN ('EXP-TRAVEL', '53029') THEN 1001
    WHEN "body"->>'systemCode' IN ('EXP-OFFICE', '53030') THEN 1002
    WHEN "body"->>'systemCode' ~ '^[0-9]{1,9}$' THEN ("body"->>'systemCode')::int
    ELSE 9000 + "id"::int
  END))
WHERE jsonb_typeof("body"->'systemCode') = 'string';
--> statement-breakpoint
-- Expense lines kept before carry what the service now answers on every line: the category's
-- systemCode and names, and both accounts (id, code, names, category) from the chart of accounts,
-- found by the code the line named them by (or by id).
UPDATE "documents" d SET "body" = jsonb_set(d."body"::jsonb, '{items}', coalesce((
  SELECT jsonb_agg(t.item || jsonb_build_object(
    'systemCode', coalesce((c."body"->>'systemCode')::int, CASE WHEN t.item->>'systemCode' ~ '^[0-9]{1,9}$' THEN (t.item->>'systemCode')::int ELSE 0 END),
    'categoryId', coalesce(c."id"::int, CASE WHEN t.item->>'categoryId' ~ '^[0-9]{1,9}$' THEN (t.item->>'categoryId')::int ELSE 0 END),
    'categoryNameLocal', coalesce(c."body"->>'categoryNameLocal', ''),
    'categoryNameForeign', coalesce(c."body"->>'categoryNameForeign', ''),
    'nameLocal', coalesce(t.item->>'nameLocal', t.item->>'name', c."body"->>'categoryNameLocal', ''),
    'nameForeign', coalesce(t.item->>'nameForeign', t.item->>'name', c."body"->>'categoryNameForeign', ''),
    'creditId', coalesce(cr."id"::int, CASE WHEN t.item->>'creditId' ~ '^[0-9]{1,9}$' THEN (t.item->>'creditId')::int ELSE 0 END),
    'creditCode', coalesce(cr."code", t.item->>'creditId', ''),
    'creditNameLocal', coalesce(cr."body"->>'nameLocal', ''),
    'creditNameForeign', coalesce(cr."body"->>'nameForeign', ''),
    'creditCategory', coalesce((cr."body"->>'category')::int, 0),
    'debitId', coalesce(de."id"::int, CASE WHEN t.item->>'debitId' ~ '^[0-9]{1,9}$' THEN (t.item->>'debitId')::int ELSE 0 END),
    'debitCode', coalesce(de."code", t.item->>'debitId', ''),
    'debitNameLocal', coalesce(de."body"->>'nameLocal', ''),
    'debitNameForeign', coalesce(de."body"->>'nameForeign', ''),
    'debitCategory', coalesce((de."body"->>'category')::int, 0)
  ) ORDER BY t.ord)
  FROM jsonb_array_elements(d."body"::jsonb->'items') WITH ORDINALITY AS t(item, ord)
  LEFT JOIN "expense_categories" c ON c."company_id" = d."company_id" AND c."id"::text = t.item->>'categoryId'
  LEFT JOIN LATERAL (SELECT a.* FROM "chart_of_accounts" a WHERE a."company_id" = d."company_id"
    AND (a."code" = t.item->>'creditId' OR a."id"::text = t.item->>'creditId') ORDER BY a."code" = t.item->>'creditId' DESC LIMIT 1) cr ON true
  LEFT JOIN LATERAL (SELECT a.* FROM "chart_of_accounts" a WHERE a."company_id" = d."company_id"
    AND (a."code" = t.item->>'debitId' OR a."id"::text = t.item->>'debitId') ORDER BY a."code" = t.item->>'debitId' DESC LIMIT 1) de ON true
), '[]'::jsonb))::json
WHERE d."family" = 'expenses' AND json_typeof(d."body"->'items') = 'array';
--> statement-breakpoint
-- Documents kept before answer every field of the real service's answers too: the defaults the
-- service now stores on create (src/service/documents/answer-shape.ts), where a document lacks them.
UPDATE "documents" d SET "body" = (
  '{"contactCode": "", "contactAddress": "", "contactTaxId": "", "contactBranch": "", "contactPerson": "", "contactEmail": "",
    "contactNumber": "", "contactZipCode": "", "contactGroup": 1, "salesName": "", "projectName": "", "reference": "",
    "remarks": "", "internalNotes": "", "showSignatureOrStamp": true, "discountPercentage": 0, "documentWithholdingTaxPercentage": 0,
    "useReceiptDeduction": false, "documentShowWithholdingTax": false, "documentDeductionType": 0, "documentDeductionAmount": 0,
    "discountType": 1, "useInlineDiscount": false, "useInlineVat": false, "exemptAmount": null, "vatableAmount": null}'::jsonb
  || d."body"::jsonb
  || jsonb_build_object('items', coalesce((
    SELECT jsonb_agg(jsonb_build_object('type', 1, 'name', '', 'description', '', 'unitName', '', 'sellChartOfAccountCode', '',
      'buyChartOfAccountCode', '', 'discountAmount', 0, 'vatRate', CASE WHEN d."body"->>'isVat' = 'false' THEN 0 ELSE 7 END) || t.item ORDER BY t.ord)
    FROM jsonb_array_elements(d."body"::jsonb->'items') WITH ORDINALITY AS t(item, ord)), '[]'::jsonb))
  || jsonb_build_object('company', '{"companyName": "", "companyNameEn": "", "companyAddress": "", "companyAddressEn": "",
    "companyTaxId": "", "companyBranch": "", "companyBranchEn": "", "companyPhone": "", "companyMobile": "", "companyFax": "",
    "companyWebsite": ""}'::jsonb || CASE WHEN json_typeof(d."body"->'company') = 'object' THEN d."body"::jsonb->'company' ELSE '{}'::jsonb END)
)::json
WHERE json_typeof(d."body"->'items') = 'array';
