CREATE TABLE "identity_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"document" text NOT NULL,
	"questions" jsonb NOT NULL,
	"expected" jsonb NOT NULL,
	"outcome" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portability_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text,
	"cart_id" integer,
	"item_id" text NOT NULL,
	"phone_number" text NOT NULL,
	"document" text NOT NULL,
	"company" text NOT NULL,
	"modality" text,
	"state" text DEFAULT 'draft' NOT NULL,
	"code_hash" text,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"code_expires_at" timestamp with time zone,
	"registry_ref" text,
	"reject_reason" text,
	"scheduled_for" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portability_requests_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "portability_requests" ADD CONSTRAINT "portability_requests_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_challenges_document_idx" ON "identity_challenges" USING btree ("document","created_at");--> statement-breakpoint
CREATE INDEX "portability_requests_cart_idx" ON "portability_requests" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "portability_requests_phone_idx" ON "portability_requests" USING btree ("phone_number");