CREATE TABLE "coverage_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer,
	"address_id" integer,
	"region_code" text NOT NULL,
	"province_code" text NOT NULL,
	"commune_code" text NOT NULL,
	"covered" boolean NOT NULL,
	"technology" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "points_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" SET "expires_at" = "created_at" + interval '30 minutes' WHERE "expires_at" IS NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "coverage_checks_cart_idx" ON "coverage_checks" USING btree ("cart_id");