ALTER TABLE "password_tokens" ALTER COLUMN "customer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "password_tokens" ADD COLUMN "session_hash" text DEFAULT '' NOT NULL;