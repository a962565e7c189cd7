CREATE TABLE "site_features" (
	"site" text NOT NULL,
	"feature" text NOT NULL,
	"active" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_features_site_feature_pk" PRIMARY KEY("site","feature")
);
