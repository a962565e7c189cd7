ALTER TABLE "line_blocks" ADD COLUMN "lift_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "line_blocks" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "topups" ADD COLUMN "subject_ref" text;--> statement-breakpoint
CREATE INDEX "line_blocks_lift_pending_idx" ON "line_blocks" USING btree ("lift_requested_at") WHERE lifted_at is null and lift_requested_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "topups_subject_charge_idx" ON "topups" USING btree ("purpose","subject_ref") WHERE subject_ref is not null and status in ('committing', 'approved');
