CREATE TABLE "line_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"reason" text NOT NULL,
	"block_type" text NOT NULL,
	"imei" text,
	"police_report" text,
	"report_code" text,
	"registry_reference" text,
	"created_at" timestamp with time zone NOT NULL,
	"lifted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sim_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"delivery" text NOT NULL,
	"status" text NOT NULL,
	"old_iccid" text NOT NULL,
	"new_iccid" text NOT NULL,
	"store_id" text,
	"address" text,
	"requested_at" timestamp with time zone NOT NULL,
	"activated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "step_ups" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"session_hash" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"second_factor" text NOT NULL,
	"challenge_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_blocks" ADD CONSTRAINT "line_blocks_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_changes" ADD CONSTRAINT "sim_changes_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_ups" ADD CONSTRAINT "step_ups_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_ups" ADD CONSTRAINT "step_ups_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_blocks_line_idx" ON "line_blocks" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "sim_changes_line_idx" ON "sim_changes" USING btree ("line_id","activated_at");--> statement-breakpoint
CREATE INDEX "step_ups_line_idx" ON "step_ups" USING btree ("line_id");