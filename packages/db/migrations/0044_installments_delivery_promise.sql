ALTER TABLE "gateway_transactions" ADD COLUMN "installments_number" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gateway_transactions" ADD COLUMN "installments_amount" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promised_for" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "installments" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "installments_number" integer;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "installments_amount" integer;--> statement-breakpoint
-- orders accepted before the confirmation e-mail existed are not e-mailed now by the order sweep
UPDATE "orders" SET "confirmation_sent_at" = "updated_at" WHERE "status" IN ('placed', 'paid', 'preparing', 'shipped', 'ready_for_pickup', 'payment_collected', 'delivered');
