ALTER TABLE "cart_lines" ADD COLUMN "quotas_value" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "quotas_value" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "initial_quota" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "quota_amount" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "equipment_value" integer;--> statement-breakpoint
ALTER TABLE "line_equipment" ADD COLUMN "order_line_id" integer;--> statement-breakpoint
-- a phone sold online gets its IMEI when it is dispatched
ALTER TABLE "line_equipment" ALTER COLUMN "imei" DROP NOT NULL;--> statement-breakpoint
-- a paid order's financed phone goes on its line once, whatever replays the payment
CREATE UNIQUE INDEX "line_equipment_order_line_idx" ON "line_equipment" USING btree ("order_line_id") WHERE "order_line_id" is not null;
