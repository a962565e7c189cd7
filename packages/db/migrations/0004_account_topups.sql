CREATE TABLE "topups" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"buy_order" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"token" text,
	"idempotency_key" text NOT NULL,
	"authorization_code" text,
	"card_last4" text,
	"credited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topups_buy_order_unique" UNIQUE("buy_order")
);
--> statement-breakpoint
ALTER TABLE "topups" ADD CONSTRAINT "topups_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "topups_line_key_idx" ON "topups" USING btree ("line_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "topups_token_idx" ON "topups" USING btree ("token");