CREATE TABLE "portability_documents" (
	"request_id" integer PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"data" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portability_documents" ADD CONSTRAINT "portability_documents_request_id_portability_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."portability_requests"("id") ON DELETE cascade ON UPDATE no action;