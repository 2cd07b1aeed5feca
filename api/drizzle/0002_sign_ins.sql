CREATE TABLE "wallet_nonces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nonce" text NOT NULL,
	"address" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_nonces_nonce_key" ON "wallet_nonces" USING btree ("nonce");--> statement-breakpoint
CREATE INDEX "wallet_nonces_expires_at_idx" ON "wallet_nonces" USING btree ("expires_at");