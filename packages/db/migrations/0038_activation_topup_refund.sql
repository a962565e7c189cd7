ALTER TABLE "sim_activations" ADD COLUMN "initial_topup" integer;--> statement-breakpoint
ALTER TABLE "sim_activations" ADD COLUMN "refund_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sim_activations" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sim_activations" ADD COLUMN "refund_claimed_by" text;--> statement-breakpoint
ALTER TABLE "sim_activations" ADD COLUMN "refund_claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sim_activations_refund_idx" ON "sim_activations" USING btree ("refund_due_at") WHERE refund_due_at is not null and refunded_at is null;
