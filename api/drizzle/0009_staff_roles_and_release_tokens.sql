CREATE TABLE "release_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"remote" text NOT NULL,
	"token_hash" text NOT NULL,
	"hint" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone,
	"revoked_by" uuid,
	CONSTRAINT "release_tokens_remote_check" CHECK ("release_tokens"."remote" ~ '^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$' and char_length("release_tokens"."remote") <= 40),
	CONSTRAINT "release_tokens_name_check" CHECK (char_length("release_tokens"."name") between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"granted_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_members_role_check" CHECK ("staff_members"."role" in ('marketing', 'payments', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "release_tokens" ADD CONSTRAINT "release_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_tokens" ADD CONSTRAINT "release_tokens_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "release_tokens_token_hash_key" ON "release_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "release_tokens_live_name_key" ON "release_tokens" USING btree ("remote","name") WHERE "release_tokens"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "release_tokens_remote_idx" ON "release_tokens" USING btree ("remote");