ALTER TABLE "orders" ADD COLUMN "points_line_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_points_line_id_lines_id_fk" FOREIGN KEY ("points_line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "orders" SET "points_line_id" = (SELECT h."line_id" FROM "points_history" h WHERE h."kind" = 'redeemed' AND h."description" = 'Compra ' || "orders"."number" ORDER BY h."id" LIMIT 1) WHERE "payment_method" = 'points' AND "points_used" > 0;
