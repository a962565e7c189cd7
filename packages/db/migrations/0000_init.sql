CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bag_offers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"bag_type" text NOT NULL,
	"mode" text NOT NULL,
	"data_mb" integer,
	"minutes" integer,
	"sms" integer,
	"validity_days" integer NOT NULL,
	"price" integer NOT NULL,
	"points_price" integer,
	"zone" text
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"number" text NOT NULL,
	"period" text NOT NULL,
	"issued_at" date NOT NULL,
	"due_at" date NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "bills_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "blue_options" (
	"product_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"quotas_value" integer NOT NULL,
	"initial_quota" integer NOT NULL,
	"quotas" integer NOT NULL,
	"equipment_value" integer NOT NULL,
	CONSTRAINT "blue_options_product_id_plan_id_quotas_value_pk" PRIMARY KEY("product_id","plan_id","quotas_value")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"plan_id" text,
	"product_ids" jsonb NOT NULL,
	"discount_percentage" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consumption" (
	"line_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "consumption_line_id_day_kind_pk" PRIMARY KEY("line_id","day","kind")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"document" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"contact_phone" text,
	"gender" text NOT NULL,
	"portrait" text,
	"secret_hash" text NOT NULL,
	"secret_created" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_document_unique" UNIQUE("document")
);
--> statement-breakpoint
CREATE TABLE "geo_areas" (
	"code" text PRIMARY KEY NOT NULL,
	"level" integer NOT NULL,
	"name" text NOT NULL,
	"parent_code" text
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text NOT NULL,
	"scope" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurances" (
	"id" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"description" text NOT NULL,
	"monthly_value" integer NOT NULL,
	"insurance_validity" integer NOT NULL,
	"events_number" integer NOT NULL,
	"deductible_cost" integer NOT NULL,
	"deductible_cost2" integer NOT NULL,
	"info" text NOT NULL,
	"exclusions" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "line_bags" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"offer_id" text NOT NULL,
	"status" text NOT NULL,
	"recurring" boolean DEFAULT false NOT NULL,
	"data_mb_left" integer,
	"purchased_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"phone_number" text NOT NULL,
	"kind" text NOT NULL,
	"plan_id" text,
	"status" text DEFAULT 'active' NOT NULL,
	"sim_code" text NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"points_expire_at" date,
	"cycle_day" integer DEFAULT 1 NOT NULL,
	"activated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lines_phone_number_unique" UNIQUE("phone_number")
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"phone_number" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"bill_id" integer,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"method" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"plan_name" text NOT NULL,
	"commerce_name" text NOT NULL,
	"customer_group" text NOT NULL,
	"price" integer NOT NULL,
	"commerce_price" integer NOT NULL,
	"data" text NOT NULL,
	"voice" text NOT NULL,
	"sms" text NOT NULL,
	"social_media" jsonb NOT NULL,
	"discount_percentage" integer DEFAULT 0 NOT NULL,
	"discount_description" text,
	"show_in_activation_flow" boolean DEFAULT true NOT NULL,
	"advanced_plan" boolean DEFAULT false NOT NULL,
	"promotion" text,
	"rental_type" text NOT NULL,
	"plan_type" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"kind" text NOT NULL,
	"points" integer NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"display_name" text NOT NULL,
	"category" text NOT NULL,
	"parent_category" text NOT NULL,
	"page_type" text NOT NULL,
	"description" text NOT NULL,
	"specs" jsonb NOT NULL,
	"unlocked" boolean DEFAULT false NOT NULL,
	"renewal" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"csrf_token" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skus" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"color" text NOT NULL,
	"color_hex" text NOT NULL,
	"storage" text,
	"images" jsonb NOT NULL,
	"stock" integer NOT NULL,
	"list_price" integer NOT NULL,
	"reference_price" integer NOT NULL,
	"price_contado_rn" integer NOT NULL,
	"price_contado_ln" integer NOT NULL,
	"price_ln" integer NOT NULL,
	"price_contado_mg" integer NOT NULL,
	"reference_price_contado_rn" integer NOT NULL,
	"installment_price_rn" integer NOT NULL,
	"installments" integer NOT NULL,
	"has_rn_vep" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"region_code" text NOT NULL,
	"commune_code" text NOT NULL,
	"address" text NOT NULL,
	"opening_hours" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blue_options" ADD CONSTRAINT "blue_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blue_options" ADD CONSTRAINT "blue_options_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumption" ADD CONSTRAINT "consumption_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_bags" ADD CONSTRAINT "line_bags_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_bags" ADD CONSTRAINT "line_bags_offer_id_bag_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."bag_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lines" ADD CONSTRAINT "lines_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lines" ADD CONSTRAINT "lines_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_tokens" ADD CONSTRAINT "password_tokens_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_history" ADD CONSTRAINT "points_history_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bills_line_idx" ON "bills" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "geo_areas_parent_idx" ON "geo_areas" USING btree ("parent_code");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_scope_key_idx" ON "idempotency_keys" USING btree ("scope","key");--> statement-breakpoint
CREATE INDEX "line_bags_line_idx" ON "line_bags" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "lines_customer_idx" ON "lines" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "notifications_customer_idx" ON "notifications" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "payments_line_idx" ON "payments" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "points_history_line_idx" ON "points_history" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "products_kind_idx" ON "products" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "skus_product_idx" ON "skus" USING btree ("product_id");