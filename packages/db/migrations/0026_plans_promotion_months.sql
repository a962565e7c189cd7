ALTER TABLE "lines" ADD COLUMN "promo_price" integer;--> statement-breakpoint
ALTER TABLE "lines" ADD COLUMN "promo_months" integer;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "discount_months" integer;--> statement-breakpoint
-- plans seeded before this column said the length only in their description ('50% de descuento por 6 meses …')
UPDATE "plans" SET "discount_months" = (regexp_match("discount_description", 'por (\d+) mes'))[1]::integer WHERE "discount_percentage" > 0 AND "discount_description" ~ 'por \d+ mes';
--> statement-breakpoint
-- a plan line is compared by the monthly price it was added at (it kept 0 before): today's first-month price
UPDATE "cart_lines" SET "shown_price" = LEAST("plans"."commerce_price", "plans"."price") FROM "plans" WHERE "cart_lines"."type" = 'plan' AND "cart_lines"."item_id" = "plans"."id" AND "cart_lines"."shown_price" = 0;
