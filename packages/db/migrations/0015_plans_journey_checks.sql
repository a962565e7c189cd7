CREATE TABLE "journey_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"kind" text NOT NULL,
	"purpose" text DEFAULT '' NOT NULL,
	"document" text NOT NULL,
	"outcome" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "plan_activations_order_plan_idx";--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "active_sim_types" jsonb DEFAULT '["newLine","portability","additionalLine"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_activations" ADD COLUMN "slot" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_activations" ADD COLUMN "ported" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "journey_approvals" ADD CONSTRAINT "journey_approvals_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journey_approvals_cart_check_idx" ON "journey_approvals" USING btree ("cart_id","kind","purpose","document");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_activations_order_plan_idx" ON "plan_activations" USING btree ("order_id","plan_id","slot");