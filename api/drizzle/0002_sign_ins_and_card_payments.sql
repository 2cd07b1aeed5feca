CREATE TABLE "payment_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"attempt_no" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"item_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"flow" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_ref" text,
	"client_secret" text,
	"status" text DEFAULT 'creating' NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"payment_method_id" text,
	"confirm_seq" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"card_brand" text,
	"card_last4" text,
	"failure_code" text,
	"failure_decline_code" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attempts_status_check" CHECK ("payment_attempts"."status" in ('creating', 'confirming', 'failed', 'requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'requires_capture', 'succeeded', 'canceled')),
	CONSTRAINT "payment_attempts_flow_check" CHECK ("payment_attempts"."flow" in ('card', 'embedded')),
	CONSTRAINT "payment_attempts_amount_check" CHECK ("payment_attempts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"payment_method_id" text,
	"last_error_code" text,
	"last_error_decline_code" text,
	"last_error_message" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"charge_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payment_intents_status_check" CHECK ("sandbox_payment_intents"."status" in ('requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'requires_capture', 'succeeded', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"behaviour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payment_methods_behaviour_check" CHECK ("sandbox_payment_methods"."behaviour" in ('succeed', 'decline', 'insufficient_funds', 'authenticate'))
);
--> statement-breakpoint
CREATE TABLE "wallet_nonces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nonce" text NOT NULL,
	"address" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD CONSTRAINT "sandbox_payment_intents_payment_method_id_sandbox_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."sandbox_payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_idempotency_key_key" ON "payment_attempts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_provider_ref_key" ON "payment_attempts" USING btree ("provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_order_attempt_no_key" ON "payment_attempts" USING btree ("order_id","attempt_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_one_active_per_order" ON "payment_attempts" USING btree ("order_id") WHERE "payment_attempts"."status" not in ('failed', 'canceled');--> statement-breakpoint
CREATE INDEX "payment_attempts_user_idx" ON "payment_attempts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payment_intents_client_secret_key" ON "sandbox_payment_intents" USING btree ("client_secret");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_nonces_nonce_key" ON "wallet_nonces" USING btree ("nonce");--> statement-breakpoint
CREATE INDEX "wallet_nonces_expires_at_idx" ON "wallet_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "orders_user_paid_idx" ON "orders" USING btree ("user_id","paid_at" DESC NULLS LAST,"item_id" DESC NULLS LAST) WHERE "orders"."status" = 'paid';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_key" ON "payments" USING btree ("provider","provider_ref");