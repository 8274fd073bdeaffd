ALTER TABLE "documents" ALTER COLUMN "body" SET DATA TYPE json USING "body"::json;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "has_references" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "documents" SET "has_references" = true WHERE "id" IN (SELECT "from_document_id" FROM "document_references" UNION SELECT "to_document_id" FROM "document_references");
