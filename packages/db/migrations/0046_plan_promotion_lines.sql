ALTER TABLE "plans" ADD COLUMN "discount_line_kinds" jsonb;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "discount_per_document" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "list_monthly_price" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "promo_percentage" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "promo_months" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "promo_capped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_document" text;--> statement-breakpoint
CREATE INDEX "orders_buyer_document_idx" ON "orders" USING btree ("buyer_document");--> statement-breakpoint
-- the portability promotion is for port-in lines, up to 3 per document (SPEC §9 terms)
UPDATE "plans" SET "discount_line_kinds" = '["portability"]'::jsonb, "discount_per_document" = 3 WHERE "discount_description" ILIKE '%portabilidad%';--> statement-breakpoint
-- promotional prices were rounded to tens of minor units: the list price less the percentage, half up to the minor unit (plan-promotion.ts percentOff)
UPDATE "plans" SET "commerce_price" = ("price" * (100 - "discount_percentage") * 2 + 100) / 200 WHERE "discount_percentage" > 0;
