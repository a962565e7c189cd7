ALTER TABLE "customers" ADD COLUMN "email_changed_at" timestamp with time zone;
