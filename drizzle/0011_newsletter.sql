CREATE TABLE "newsletter_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"consent_ip" text NOT NULL,
	"consent_user_agent" text NOT NULL,
	"consent_text_version" text NOT NULL,
	"consent_source" text NOT NULL,
	"confirm_nonce" text,
	"confirm_sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"welcome_coupon_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscribers_email_unique" UNIQUE("email"),
	CONSTRAINT "newsletter_subscribers_welcome_coupon_code_unique" UNIQUE("welcome_coupon_code")
);
