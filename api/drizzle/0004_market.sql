-- The house owns the unsold catalogue ('Hyper Tek Vault'): an account nobody can sign in to.
INSERT INTO "users" ("id", "full_name") VALUES ('00000000-0000-4000-8000-000000000000', 'Hyper Tek Vault') ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_id" uuid NOT NULL,
	"account" text NOT NULL,
	"user_id" uuid,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "ledger_entries_account_check" CHECK ("ledger_entries"."account" in ('user', 'card_receipts', 'commission', 'opening')),
	CONSTRAINT "ledger_entries_user_check" CHECK (("ledger_entries"."account" = 'user') = ("ledger_entries"."user_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" bigint NOT NULL,
	"seller_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"price_cents" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"expires_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp (3) with time zone,
	"buyer_id" uuid,
	"signed_message" text,
	"signature" text,
	CONSTRAINT "listings_status_check" CHECK ("listings"."status" in ('active', 'sold', 'cancelled', 'expired')),
	CONSTRAINT "listings_price_check" CHECK ("listings"."price_cents" > 0),
	CONSTRAINT "listings_kind_check" CHECK ("listings"."kind" in ('nfa', 'land'))
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" bigint NOT NULL,
	"buyer_id" uuid NOT NULL,
	"price_cents" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp (3) with time zone,
	CONSTRAINT "offers_status_check" CHECK ("offers"."status" in ('open', 'accepted', 'declined', 'cancelled', 'expired', 'sold')),
	CONSTRAINT "offers_price_check" CHECK ("offers"."price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
DROP INDEX "orders_user_item_key";--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "owner_id" uuid DEFAULT '00000000-0000-4000-8000-000000000000'::uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "owned_since" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "listing_id" uuid;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "listing_ends_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "listing_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "offer_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seller_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_until" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_user_idx" ON "ledger_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_order_key" ON "ledger_transactions" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "listings_one_active_per_item" ON "listings" USING btree ("item_id") WHERE "listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "listings_seller_created_idx" ON "listings" USING btree ("seller_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listings_floor_idx" ON "listings" USING btree ("kind","price_cents") WHERE "listings"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_live_per_buyer_item" ON "offers" USING btree ("item_id","buyer_id") WHERE "offers"."status" in ('open', 'accepted');--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_accepted_per_item" ON "offers" USING btree ("item_id") WHERE "offers"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "offers_item_live_idx" ON "offers" USING btree ("item_id","created_at" DESC NULLS LAST) WHERE "offers"."status" in ('open', 'accepted');--> statement-breakpoint
CREATE INDEX "offers_buyer_created_idx" ON "offers" USING btree ("buyer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set default ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "items_owner_since_idx" ON "items" USING btree ("owner_id","owned_since" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Orders left pending by the purchase check of the shop that came before held nothing: void.
UPDATE "orders" SET "status" = 'void' WHERE "status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_pending_per_item" ON "orders" USING btree ("item_id") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_user_item_idx" ON "orders" USING btree ("user_id","item_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending', 'paid', 'void'));--> statement-breakpoint
-- Each item bought before this migration belongs to its last buyer; the rest stays the house's,
-- listed at its catalogue price with no end.
UPDATE "items" SET "owner_id" = "o"."user_id", "owned_since" = date_trunc('milliseconds', "o"."paid_at")
FROM (SELECT DISTINCT ON ("item_id") "item_id", "user_id", "paid_at" FROM "orders"
      WHERE "status" = 'paid' AND "paid_at" IS NOT NULL ORDER BY "item_id", "paid_at" DESC) AS "o"
WHERE "items"."id" = "o"."item_id";--> statement-breakpoint
INSERT INTO "listings" ("item_id", "seller_id", "kind", "price_cents", "created_at", "updated_at")
SELECT "id", "owner_id", "kind", "price_cents", "listed_at", "listed_at" FROM "items"
WHERE "owner_id" = '00000000-0000-4000-8000-000000000000' AND "price_cents" > 0;--> statement-breakpoint
UPDATE "items" SET "listing_id" = "l"."id" FROM "listings" AS "l"
WHERE "l"."item_id" = "items"."id" AND "l"."status" = 'active';
