ALTER TABLE "cart_lines" ADD COLUMN "renewal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "renewal" boolean DEFAULT false NOT NULL;