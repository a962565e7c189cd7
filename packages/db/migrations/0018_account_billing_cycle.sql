CREATE TABLE "line_billing" (
	"line_id" integer PRIMARY KEY NOT NULL,
	"next_bill_on" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_billing" ADD CONSTRAINT "line_billing_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_billing_next_idx" ON "line_billing" USING btree ("next_bill_on");