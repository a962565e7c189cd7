CREATE TABLE "bonus_offers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"points_price" integer NOT NULL,
	"validity_days" integer NOT NULL,
	"data_mb" integer,
	"minutes" integer,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" text PRIMARY KEY NOT NULL,
	"partner" text NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"conditions" text NOT NULL,
	"percentage" integer NOT NULL,
	"valid_until" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "line_bonuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"offer_id" text NOT NULL,
	"points" integer NOT NULL,
	"redeemed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "line_equipment" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"imei" text NOT NULL,
	"price" integer NOT NULL,
	"installments" integer NOT NULL,
	"installment_amount" integer NOT NULL,
	"first_installment_at" date NOT NULL,
	"purchased_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"email" boolean NOT NULL,
	"sms" boolean NOT NULL,
	"push" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_customer_id_kind_pk" PRIMARY KEY("customer_id","kind")
);
--> statement-breakpoint
CREATE TABLE "service_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"number" text NOT NULL,
	"topic" text NOT NULL,
	"description" text NOT NULL,
	"contact_channel" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_requests_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "line_bonuses" ADD CONSTRAINT "line_bonuses_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_bonuses" ADD CONSTRAINT "line_bonuses_offer_id_bonus_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."bonus_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_equipment" ADD CONSTRAINT "line_equipment_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_bonuses_line_idx" ON "line_bonuses" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "line_equipment_line_idx" ON "line_equipment" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "service_requests_customer_idx" ON "service_requests" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "topups_bill_charge_idx" ON "topups" USING btree ("bill_id") WHERE status in ('committing', 'approved');