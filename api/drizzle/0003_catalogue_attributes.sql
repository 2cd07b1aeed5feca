ALTER TABLE "items" ADD COLUMN "rarity" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "size" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "listed_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Items listed before this migration get attributes from what their text already says (the
-- seed's "Quest relic forged …", "a rare aura", "Neon Basin Outpost", "A 3×4 parcel"), else
-- one drawn from the id; their listing date is when they were created.
UPDATE "items" SET "listed_at" = date_trunc('milliseconds', "created_at");--> statement-breakpoint
UPDATE "items" SET
  "category" = coalesce(
    (SELECT c FROM unnest(array['Quest relic', 'Racing chassis', 'Overlord sigil', 'Pilot skin', 'Battle drone']) AS c
      WHERE "description" LIKE c || ' %' LIMIT 1),
    (array['Quest relic', 'Racing chassis', 'Overlord sigil', 'Pilot skin', 'Battle drone'])[1 + "id" % 5]),
  "rarity" = coalesce(
    initcap(substring("description" from ' an? (common|rare|epic|legendary|mythic) aura')),
    (array['Common', 'Common', 'Common', 'Rare', 'Rare', 'Epic', 'Epic', 'Legendary', 'Mythic', 'Common'])[1 + "id" % 10])
WHERE "kind" = 'nfa';--> statement-breakpoint
UPDATE "items" SET
  "region" = coalesce(
    (SELECT r FROM unnest(array['Crimson Dunes', 'Neon Basin', 'Shattered Mesa', 'Glass Tundra', 'Ion Marsh', 'Ashen Ridge', 'Cobalt Reach', 'Helix Valley', 'Obsidian Flats', 'Aurora Shelf', 'Rust Canyon', 'Echo Delta']) AS r
      WHERE "title" LIKE r || ' %' LIMIT 1),
    (array['Crimson Dunes', 'Neon Basin', 'Shattered Mesa', 'Glass Tundra', 'Ion Marsh', 'Ashen Ridge', 'Cobalt Reach', 'Helix Valley', 'Obsidian Flats', 'Aurora Shelf', 'Rust Canyon', 'Echo Delta'])[1 + "id" % 12]),
  "size" = (SELECT CASE WHEN area <= 9 THEN 'Small' WHEN area <= 25 THEN 'Medium' WHEN area <= 49 THEN 'Large' ELSE 'Huge' END
    FROM (SELECT coalesce(
      (substring("description" from '^A ([0-9]+)×')::int * substring("description" from '^A [0-9]+×([0-9]+) parcel')::int),
      1 + "id" % 81) AS area) AS parcel)
WHERE "kind" = 'land';--> statement-breakpoint
CREATE INDEX "activities_item_occurred_idx" ON "activities" USING btree ("item_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "items_kind_price_id_idx" ON "items" USING btree ("kind","price_cents","id");--> statement-breakpoint
CREATE INDEX "items_kind_listed_id_idx" ON "items" USING btree ("kind","listed_at","id");--> statement-breakpoint
CREATE INDEX "items_kind_title_id_idx" ON "items" USING btree ("kind",lower(title) collate "C","id");--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_rarity_check" CHECK ("items"."rarity" in ('Common', 'Rare', 'Epic', 'Legendary', 'Mythic'));--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_category_check" CHECK ("items"."category" in ('Quest relic', 'Racing chassis', 'Overlord sigil', 'Pilot skin', 'Battle drone'));--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_region_check" CHECK ("items"."region" in ('Crimson Dunes', 'Neon Basin', 'Shattered Mesa', 'Glass Tundra', 'Ion Marsh', 'Ashen Ridge', 'Cobalt Reach', 'Helix Valley', 'Obsidian Flats', 'Aurora Shelf', 'Rust Canyon', 'Echo Delta'));--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_size_check" CHECK ("items"."size" in ('Small', 'Medium', 'Large', 'Huge'));--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_attributes_check" CHECK (case "items"."kind"
        when 'nfa' then "items"."rarity" is not null and "items"."category" is not null and "items"."region" is null and "items"."size" is null
        else "items"."region" is not null and "items"."size" is not null and "items"."rarity" is null and "items"."category" is null
      end);--> statement-breakpoint
CREATE INDEX "items_rarity_price_id_idx" ON "items" USING btree ("rarity","price_cents","id") WHERE "items"."rarity" is not null;--> statement-breakpoint
CREATE INDEX "items_rarity_listed_id_idx" ON "items" USING btree ("rarity","listed_at","id") WHERE "items"."rarity" is not null;--> statement-breakpoint
CREATE INDEX "items_rarity_title_id_idx" ON "items" USING btree ("rarity",lower(title) collate "C","id") WHERE "items"."rarity" is not null;--> statement-breakpoint
CREATE INDEX "items_region_price_id_idx" ON "items" USING btree ("region","price_cents","id") WHERE "items"."region" is not null;--> statement-breakpoint
CREATE INDEX "items_region_listed_id_idx" ON "items" USING btree ("region","listed_at","id") WHERE "items"."region" is not null;--> statement-breakpoint
CREATE INDEX "items_region_title_id_idx" ON "items" USING btree ("region",lower(title) collate "C","id") WHERE "items"."region" is not null;--> statement-breakpoint
-- Which attribute pairs occur together, for the planner: without it a filter on a rare pair
-- (a region with few Huge parcels) is estimated as if the two were independent.
CREATE STATISTICS IF NOT EXISTS "items_nfa_attributes_stats" (mcv, dependencies) ON "rarity", "category" FROM "items";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "items_land_attributes_stats" (mcv, dependencies) ON "region", "size" FROM "items";
