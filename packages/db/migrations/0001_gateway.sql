CREATE TABLE "gateway_transactions" (
	"token" text PRIMARY KEY NOT NULL,
	"buy_order" text NOT NULL,
	"session_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"return_url" text NOT NULL,
	"status" text NOT NULL,
	"response_code" integer,
	"card_last4" text,
	"payment_type" text,
	"authorization_code" text,
	"committed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
