ALTER TABLE "cart_lines" ADD COLUMN "plan_phone_number" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "plan_phone_number" text;--> statement-breakpoint
ALTER TABLE "line_equipment" ADD COLUMN "rental_type" text DEFAULT 'regular' NOT NULL;