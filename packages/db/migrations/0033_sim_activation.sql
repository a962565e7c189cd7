CREATE TABLE "sim_activations" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_hash" text NOT NULL,
	"iccid" text NOT NULL,
	"journey" text NOT NULL,
	"chip_kind" text NOT NULL,
	"state" text NOT NULL,
	"document" text,
	"holder_name" text,
	"email" text,
	"contact_phone" text,
	"identity_passed" boolean DEFAULT false NOT NULL,
	"region_code" text,
	"province_code" text,
	"commune_code" text,
	"street" text,
	"street_number" text,
	"address_details" text,
	"covered" boolean,
	"phone_number" text,
	"plan_id" text,
	"amount" integer,
	"buy_order" text,
	"pay_token" text,
	"redirect_url" text,
	"card_last4" text,
	"customer_id" integer,
	"line_id" integer,
	"new_customer" boolean,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"port_request_id" integer,
	"pay_method" text,
	CONSTRAINT "sim_activations_buy_order_unique" UNIQUE("buy_order"),
	CONSTRAINT "sim_activations_pay_token_unique" UNIQUE("pay_token")
);
--> statement-breakpoint
ALTER TABLE "sim_activations" ADD CONSTRAINT "sim_activations_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_activations" ADD CONSTRAINT "sim_activations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_activations" ADD CONSTRAINT "sim_activations_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_activations" ADD CONSTRAINT "sim_activations_port_request_id_portability_requests_id_fk" FOREIGN KEY ("port_request_id") REFERENCES "public"."portability_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "activation_documents" (
	"activation_id" integer NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"data" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activation_documents_activation_id_side_pk" PRIMARY KEY("activation_id","side")
);
--> statement-breakpoint
ALTER TABLE "activation_documents" ADD CONSTRAINT "activation_documents_activation_id_sim_activations_id_fk" FOREIGN KEY ("activation_id") REFERENCES "public"."sim_activations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sim_activations_chip_idx" ON "sim_activations" USING btree ("iccid") WHERE state in ('started', 'paying', 'active');--> statement-breakpoint
CREATE INDEX "sim_activations_owner_idx" ON "sim_activations" USING btree ("owner_hash");--> statement-breakpoint
CREATE INDEX "sim_activations_open_idx" ON "sim_activations" USING btree ("expires_at") WHERE state in ('started', 'paying');--> statement-breakpoint
ALTER TABLE "number_holds" ALTER COLUMN "line_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "number_holds" ADD COLUMN "activation_id" integer;--> statement-breakpoint
ALTER TABLE "number_holds" ADD CONSTRAINT "number_holds_activation_id_sim_activations_id_fk" FOREIGN KEY ("activation_id") REFERENCES "public"."sim_activations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_holds" ADD CONSTRAINT "number_holds_holder" CHECK ("number_holds"."line_id" is not null or "number_holds"."activation_id" is not null);--> statement-breakpoint
CREATE INDEX "number_holds_activation_idx" ON "number_holds" USING btree ("activation_id");
