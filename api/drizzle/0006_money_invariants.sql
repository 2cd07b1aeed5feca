-- Money stays right whatever code runs: the rules the market and the ledger live by become the
-- database's own (checks, keys and deferred constraint triggers), so a path that breaks one is
-- refused at commit. Existing databases are first brought in line (none of these repairs finds
-- anything on a database the market's code wrote; they are here for hand-made rows).
UPDATE "orders" SET "paid_at" = "created_at" WHERE "status" = 'paid' AND "paid_at" IS NULL;--> statement-breakpoint
UPDATE "listings" SET "status" = 'cancelled', "closed_at" = now(), "updated_at" = now()
FROM "items" WHERE "listings"."item_id" = "items"."id" AND "listings"."status" = 'active'
  AND "listings"."seller_id" <> "items"."owner_id";--> statement-breakpoint
UPDATE "items" SET "listing_id" = NULL, "listing_ends_at" = NULL
WHERE "listing_id" IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM "listings" AS "l"
  WHERE "l"."id" = "items"."listing_id" AND "l"."item_id" = "items"."id" AND "l"."status" = 'active');--> statement-breakpoint
UPDATE "items" SET "listing_id" = "l"."id", "listing_ends_at" = "l"."expires_at"
FROM "listings" AS "l"
WHERE "l"."item_id" = "items"."id" AND "l"."status" = 'active' AND "items"."listing_id" IS DISTINCT FROM "l"."id";--> statement-breakpoint
-- One money type: integer cents everywhere (prices are at most $1,000,000: 10^8 cents).
ALTER TABLE "ledger_entries" ALTER COLUMN "amount_cents" SET DATA TYPE integer;--> statement-breakpoint
-- A user with postings cannot be deleted (their sales would no longer balance).
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- An item's listing pointer is a listing of that same item (checked at commit: an item and its
-- listing refer to each other, so one of the two is written first).
CREATE UNIQUE INDEX "listings_id_item_key" ON "listings" USING btree ("id","item_id");--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_listing_fk" FOREIGN KEY ("listing_id","id") REFERENCES "public"."listings"("id","item_id") ON DELETE no action ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_type_check" CHECK ("activities"."type" in ('Sale', 'Transfer', 'Listing', 'Reprice', 'Cancel listing', 'Offer', 'Accept offer', 'Decline offer', 'Cancel offer'));--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_price_check" CHECK ("activities"."price_cents" >= 0);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount_cents" <> 0);--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_kind_check" CHECK ("ledger_transactions"."kind" in ('sale', 'opening'));--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_sale_order_check" CHECK (("ledger_transactions"."kind" = 'sale') <= ("ledger_transactions"."order_id" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amount_check" CHECK ("orders"."amount_cents" > 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_listing_or_offer_check" CHECK (num_nonnulls("orders"."listing_id", "orders"."offer_id") <= 1);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_at_check" CHECK (("orders"."status" = 'paid') <= ("orders"."paid_at" is not null));--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_provider_check" CHECK ("payment_attempts"."provider" in ('stripe', 'sandbox'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" > 0);--> statement-breakpoint
-- Debits equal credits: at commit, every ledger transaction written has at least two entries
-- and they add up to zero.
CREATE FUNCTION "ledger_check_transaction"(txn uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  entries integer;
  total bigint;
BEGIN
  SELECT count(*), coalesce(sum("amount_cents"), 0) INTO entries, total
  FROM "ledger_entries" WHERE "transaction_id" = txn;
  IF entries < 2 OR total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance: % entries adding up to % cents', txn, entries, total
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transaction_balanced';
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "ledger_transactions_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "ledger_check_transaction"(NEW."id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "ledger_entries_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "ledger_check_transaction"(NEW."transaction_id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_transactions_balanced" AFTER INSERT ON "ledger_transactions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_transactions_balanced"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced" AFTER INSERT ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_entries_balanced"();--> statement-breakpoint
-- The ledger is append-only: a posting is corrected by another posting, never rewritten.
CREATE FUNCTION "ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_append_only" BEFORE UPDATE OR DELETE ON "ledger_transactions"
  FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint
-- At commit, for every item whose owner, listing pointer or listings changed: an active listing
-- is by the item's owner, and the item points at exactly its active listing (or none).
CREATE FUNCTION "items_check_market"(target bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  owner uuid;
  pointer uuid;
  active_id uuid;
  active_seller uuid;
BEGIN
  SELECT "owner_id", "listing_id" INTO owner, pointer FROM "items" WHERE "id" = target;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  SELECT "id", "seller_id" INTO active_id, active_seller
  FROM "listings" WHERE "item_id" = target AND "status" = 'active';
  IF active_id IS NOT NULL AND active_seller <> owner THEN
    RAISE EXCEPTION 'item %: its active listing % is not by its owner', target, active_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'listings_seller_is_owner';
  END IF;
  IF pointer IS DISTINCT FROM active_id THEN
    RAISE EXCEPTION 'item %: its listing pointer % is not its active listing %', target, pointer, active_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'items_listing_is_active';
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "items_market_consistent"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "items_check_market"(NEW."id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "listings_market_consistent"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "items_check_market"(NEW."item_id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "listings_market_consistent" AFTER INSERT OR UPDATE ON "listings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "listings_market_consistent"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "items_market_consistent" AFTER UPDATE OF "owner_id", "listing_id" ON "items"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "items_market_consistent"();
