ALTER TABLE "bills" ADD COLUMN "prorated_from" date;--> statement-breakpoint
ALTER TABLE "line_billing" ADD COLUMN "prorated_from" date;