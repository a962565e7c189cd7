ALTER TABLE "login_throttle" ADD COLUMN "forget_at" timestamp with time zone;--> statement-breakpoint
UPDATE "login_throttle" SET "forget_at" = greatest("window_start" + interval '1 hour', "locked_until" + interval '1 day');--> statement-breakpoint
ALTER TABLE "login_throttle" ALTER COLUMN "forget_at" SET NOT NULL;
