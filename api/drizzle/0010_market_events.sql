-- The market's outbox: one event per change of the market, written in the change's transaction.
CREATE TABLE "market_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"item_id" bigint NOT NULL,
	"item_kind" text NOT NULL,
	"seller_id" uuid,
	"buyer_id" uuid,
	"listing_id" uuid,
	"offer_id" uuid,
	"amount_cents" integer,
	"payload" jsonb,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "market_events_kind_check" CHECK ("market_events"."kind" in ('listing.created', 'listing.repriced', 'listing.cancelled', 'listing.expired', 'offer.made', 'offer.replaced', 'offer.accepted', 'offer.declined', 'offer.cancelled', 'offer.expired', 'reservation.lapsed', 'item.sold', 'item.transferred')),
	CONSTRAINT "market_events_item_kind_check" CHECK ("market_events"."item_kind" in ('nfa', 'land')),
	CONSTRAINT "market_events_amount_check" CHECK ("market_events"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "market_events" ADD CONSTRAINT "market_events_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_events" ADD CONSTRAINT "market_events_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_events" ADD CONSTRAINT "market_events_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_events" ADD CONSTRAINT "market_events_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_events" ADD CONSTRAINT "market_events_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_events_item_idx" ON "market_events" USING btree ("item_id","id");--> statement-breakpoint
-- Ids in commit order. An id taken at insert (the identity's default) would let a transaction
-- that took id 5 commit after another that took id 6: a reader that had read "after 6" would
-- never see 5. So each event's id is given again at commit, by a deferred constraint trigger,
-- under one transaction-level advisory lock: the lock is taken at commit (after every row lock
-- of the transaction: the last in the lock order) and held until the commit is visible, so the
-- transactions that write events commit one at a time and in the order of their ids. The
-- sequence hands out one value at a time (CACHE 1): a cached range per connection would break it.
CREATE FUNCTION "market_events_in_commit_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(71172118);
  UPDATE "market_events" SET "id" = DEFAULT WHERE "id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "market_events_in_commit_order" AFTER INSERT ON "market_events"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "market_events_in_commit_order"();
