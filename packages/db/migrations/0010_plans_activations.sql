CREATE TABLE "plan_activations" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"plan_id" text NOT NULL,
	"customer_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"phone_number" text NOT NULL,
	"new_customer" boolean NOT NULL,
	"billing_email" text,
	"billing_msisdn" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plan_activations" ADD CONSTRAINT "plan_activations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_activations" ADD CONSTRAINT "plan_activations_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_activations" ADD CONSTRAINT "plan_activations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_activations" ADD CONSTRAINT "plan_activations_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_activations_order_plan_idx" ON "plan_activations" USING btree ("order_id","plan_id");--> statement-breakpoint
CREATE INDEX "plan_activations_customer_idx" ON "plan_activations" USING btree ("customer_id");