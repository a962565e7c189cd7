ALTER TABLE "payment_attempts" ADD COLUMN "reconcile_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "topups" ADD COLUMN "reconcile_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "line_migrations" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "line_migrations" ADD COLUMN "reconcile_after" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_attempts_reconcile_idx" ON "payment_attempts" USING btree ("reconcile_after") WHERE "payment_attempts"."status" in ('committing', 'refund_pending') or ("payment_attempts"."status" in ('failed', 'aborted') and "payment_attempts"."reconcile_after" is not null);--> statement-breakpoint
CREATE INDEX "topups_reconcile_idx" ON "topups" USING btree ("reconcile_after") WHERE status = 'committing';--> statement-breakpoint
CREATE INDEX "line_migrations_reconcile_idx" ON "line_migrations" USING btree ("reconcile_after") WHERE state = 'committing' or (state = 'refunded' and refunded_at is null);--> statement-breakpoint
UPDATE "line_migrations" SET "refunded_at" = "settled_at" WHERE "state" = 'refunded';