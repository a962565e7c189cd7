ALTER TABLE "topups" ADD COLUMN "purpose" text DEFAULT 'topup' NOT NULL;--> statement-breakpoint
ALTER TABLE "topups" ADD COLUMN "bill_id" integer;--> statement-breakpoint
ALTER TABLE "topups" ADD CONSTRAINT "topups_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;