CREATE TABLE "line_suspensions" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"reason" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"resumed_on" date,
	"credit" integer,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "line_suspensions" ADD CONSTRAINT "line_suspensions_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_suspensions_line_idx" ON "line_suspensions" USING btree ("line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "line_suspensions_open_idx" ON "line_suspensions" USING btree ("line_id") WHERE settled_at is null;
--> statement-breakpoint
CREATE TABLE "number_holds" (
	"number" text PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"kind" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "number_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"old_number" text NOT NULL,
	"new_number" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "number_holds" ADD CONSTRAINT "number_holds_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_changes" ADD CONSTRAINT "number_changes_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "number_holds_line_idx" ON "number_holds" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "number_changes_line_idx" ON "number_changes" USING btree ("line_id");
