CREATE TABLE "bill_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"bill_id" integer,
	"kind" text NOT NULL,
	"offer_id" text,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_bags" ADD COLUMN "payment" text;--> statement-breakpoint
ALTER TABLE "topups" ADD COLUMN "offer_id" text;--> statement-breakpoint
ALTER TABLE "bill_charges" ADD CONSTRAINT "bill_charges_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_charges" ADD CONSTRAINT "bill_charges_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_charges" ADD CONSTRAINT "bill_charges_offer_id_bag_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."bag_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_charges_line_idx" ON "bill_charges" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "bill_charges_bill_idx" ON "bill_charges" USING btree ("bill_id");--> statement-breakpoint
ALTER TABLE "topups" ADD CONSTRAINT "topups_offer_id_bag_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."bag_offers"("id") ON DELETE no action ON UPDATE no action;