ALTER TABLE "orders" ADD COLUMN "handover_claimed_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "handover_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "refund_claimed_by" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "refund_claimed_at" timestamp with time zone;