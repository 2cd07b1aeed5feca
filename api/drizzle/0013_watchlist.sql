CREATE TABLE "watchlist" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "watchlist_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"item_id" bigint NOT NULL,
	"alert_price_cents" integer,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "watchlist_alert_price_check" CHECK ("watchlist"."alert_price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "watchlist" ADD CONSTRAINT "watchlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist" ADD CONSTRAINT "watchlist_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "watchlist_user_item_idx" ON "watchlist" USING btree ("user_id","item_id");--> statement-breakpoint
CREATE INDEX "watchlist_user_idx" ON "watchlist" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "watchlist_item_idx" ON "watchlist" USING btree ("item_id");--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_check" CHECK ("notification_preferences"."kind" in ('offer.received', 'offer.accepted', 'offer.declined', 'offer.outbid', 'item.sold', 'reservation.lapsing', 'reservation.lapsed', 'watch.alert'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('offer.received', 'offer.accepted', 'offer.declined', 'offer.outbid', 'item.sold', 'reservation.lapsing', 'reservation.lapsed', 'watch.alert'));