CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"phone_number" text NOT NULL,
	"name" text,
	"document" text,
	"source" text NOT NULL,
	"context" text,
	"customer_id" integer,
	"outcome" text,
	"failure_reason" text,
	"call_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"slot_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"token_hash" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lead_appointments_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "lead_sync" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"event" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claimed_by" text,
	"claimed_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"crm_reference" text,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lead_sync_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_contact_bookings" (
	"slot_at" timestamp with time zone PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"booked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_crm_leads" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"payload" jsonb NOT NULL,
	"deliveries" integer NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_appointments" ADD CONSTRAINT "lead_appointments_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_sync" ADD CONSTRAINT "lead_sync_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_phone_idx" ON "leads" USING btree ("phone_number");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_appointments_slot_idx" ON "lead_appointments" USING btree ("slot_at") WHERE status = 'booked';--> statement-breakpoint
CREATE INDEX "lead_sync_due_idx" ON "lead_sync" USING btree ("next_attempt_at") WHERE delivered_at is null;
