ALTER TABLE "attachments" ADD COLUMN "access_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "attachments_access_key" ON "attachments" USING btree ("access_key");--> statement-breakpoint
CREATE TABLE "withholding_taxes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"serial" text NOT NULL,
	"status" text NOT NULL,
	"published_on" date NOT NULL,
	"contact_id" bigint,
	"contact_name" text DEFAULT '' NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"serial" text NOT NULL,
	"status" text NOT NULL,
	"document_type" integer NOT NULL,
	"document_date" date NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_masters" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "withholding_taxes" ADD CONSTRAINT "withholding_taxes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_masters" ADD CONSTRAINT "product_masters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withholding_taxes_list" ON "withholding_taxes" USING btree ("company_id","published_on","id") WHERE not "withholding_taxes"."deleted";--> statement-breakpoint
CREATE UNIQUE INDEX "withholding_taxes_serial" ON "withholding_taxes" USING btree ("company_id","serial");--> statement-breakpoint
CREATE INDEX "journal_entries_list" ON "journal_entries" USING btree ("company_id","document_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_serial" ON "journal_entries" USING btree ("company_id","serial");--> statement-breakpoint
CREATE INDEX "product_masters_company" ON "product_masters" USING btree ("company_id","id");
