CREATE TABLE "line_insurances" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"insurance_id" text NOT NULL,
	"order_line_id" integer,
	"device" text NOT NULL,
	"imei" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"line_id" integer NOT NULL,
	"line_insurance_id" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"block_id" integer,
	"theft_report" text,
	"status" text NOT NULL,
	"deductible" integer NOT NULL,
	"deductible_payment" text,
	"deductible_paid_at" timestamp with time zone,
	"insurer_reference" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "insurance_claims_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "insurance_claim_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"eid" text NOT NULL,
	"watch_name" text NOT NULL,
	"iccid" text NOT NULL,
	"activation_code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "line_insurances" ADD CONSTRAINT "line_insurances_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_insurances" ADD CONSTRAINT "line_insurances_insurance_id_insurances_id_fk" FOREIGN KEY ("insurance_id") REFERENCES "public"."insurances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_line_insurance_id_line_insurances_id_fk" FOREIGN KEY ("line_insurance_id") REFERENCES "public"."line_insurances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_block_id_line_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."line_blocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claim_events" ADD CONSTRAINT "insurance_claim_events_claim_id_insurance_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."insurance_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_lines" ADD CONSTRAINT "smart_lines_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_insurances_line_idx" ON "line_insurances" USING btree ("line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "line_insurances_order_line_idx" ON "line_insurances" USING btree ("order_line_id","insurance_id") WHERE order_line_id is not null;--> statement-breakpoint
CREATE INDEX "insurance_claims_line_idx" ON "insurance_claims" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "insurance_claims_insurance_idx" ON "insurance_claims" USING btree ("line_insurance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_claims_open_idx" ON "insurance_claims" USING btree ("line_id") WHERE closed_at is null;--> statement-breakpoint
CREATE INDEX "insurance_claim_events_claim_idx" ON "insurance_claim_events" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "smart_lines_line_idx" ON "smart_lines" USING btree ("line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "smart_lines_open_idx" ON "smart_lines" USING btree ("line_id") WHERE removed_at is null;
