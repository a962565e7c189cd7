CREATE TABLE "claim_counters" (
	"prefix" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "claim_counters_prefix_year_pk" PRIMARY KEY("prefix","year")
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text,
	"customer_id" integer,
	"line_id" integer,
	"sheet" jsonb,
	"detail" text NOT NULL,
	"email" text,
	"state" text DEFAULT 'received' NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"due_on" date NOT NULL,
	"notify_by" date,
	"filed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"filer_session" text,
	"pdf_taken_at" timestamp with time zone,
	"registered_as" text,
	CONSTRAINT "claims_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sandbox_claim_checks" (
	"code" text PRIMARY KEY NOT NULL,
	"tries" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachment_name" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachment" text;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claims_customer_idx" ON "claims" USING btree ("customer_id");