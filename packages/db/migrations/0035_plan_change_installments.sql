CREATE TABLE "plan_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_plan_id" text NOT NULL,
	"to_plan_id" text NOT NULL,
	"from_price" integer NOT NULL,
	"to_price" integer NOT NULL,
	"effective_on" date NOT NULL,
	"period_ends_on" date NOT NULL,
	"state" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"bill_id" integer,
	"from_amount" integer,
	"to_amount" integer
);
--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_from_plan_id_plans_id_fk" FOREIGN KEY ("from_plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_to_plan_id_plans_id_fk" FOREIGN KEY ("to_plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_changes_line_idx" ON "plan_changes" USING btree ("line_id","effective_on");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_changes_line_key_idx" ON "plan_changes" USING btree ("line_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_changes_period_idx" ON "plan_changes" USING btree ("line_id","period_ends_on") WHERE state <> 'cancelled';--> statement-breakpoint
ALTER TABLE "line_equipment" ADD COLUMN "prepaid_through" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "topups" ADD COLUMN "equipment_id" integer;--> statement-breakpoint
ALTER TABLE "topups" ADD COLUMN "installment_from" integer;--> statement-breakpoint
ALTER TABLE "topups" ADD COLUMN "installment_count" integer;--> statement-breakpoint
ALTER TABLE "topups" ADD CONSTRAINT "topups_equipment_id_line_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."line_equipment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "topups_installment_charge_idx" ON "topups" USING btree ("equipment_id","installment_from") WHERE status in ('committing', 'approved');
