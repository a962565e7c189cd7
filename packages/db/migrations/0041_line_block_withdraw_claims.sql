ALTER TABLE "line_blocks" ADD COLUMN "withdraw_claimed_by" text;--> statement-breakpoint
ALTER TABLE "line_blocks" ADD COLUMN "withdraw_claimed_at" timestamp with time zone;