CREATE TABLE "line_migrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"plan_id" text NOT NULL,
	"from_kind" text NOT NULL,
	"from_plan_id" text,
	"buy_order" text NOT NULL,
	"amount" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"token" text,
	"redirect_url" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"authorization_code" text,
	"card_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "line_migrations_buy_order_unique" UNIQUE("buy_order"),
	CONSTRAINT "line_migrations_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "mobile_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text,
	"session_key" text NOT NULL,
	"customer_id" integer,
	"plan_id" text NOT NULL,
	"name" text NOT NULL,
	"document" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text NOT NULL,
	"region_code" text NOT NULL,
	"province_code" text NOT NULL,
	"commune_code" text NOT NULL,
	"street_name" text NOT NULL,
	"address_number" text NOT NULL,
	"details_address_number" text DEFAULT '' NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mobile_requests_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "line_migrations" ADD CONSTRAINT "line_migrations_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_migrations" ADD CONSTRAINT "line_migrations_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_requests" ADD CONSTRAINT "mobile_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_requests" ADD CONSTRAINT "mobile_requests_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "line_migrations_line_key_idx" ON "line_migrations" USING btree ("line_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "mobile_requests_session_key_idx" ON "mobile_requests" USING btree ("session_key","idempotency_key");--> statement-breakpoint
CREATE INDEX "mobile_requests_customer_idx" ON "mobile_requests" USING btree ("customer_id");