/**
 * The benchmark catalogue: the browsing seed plus generated items up to `total` (1,000,000 by
 * default), written by PostgreSQL itself (`generate_series`) in batches with progress. Titles
 * combine the seed's vocabularies with a model number so that words repeat realistically and
 * serial numbers are unique; attributes are drawn from hashes of the item's number (rarity with
 * the browsing seed's weights, the region the title names, the size from the parcel the
 * description names) and listing dates follow the numbers, four items every 20 seconds. No SVG is stored for these items: the media route draws their art
 * from the id on request (same picture every time).
 */
import { and, between, eq, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { items, listings } from '../schema';
import { NFA_CATEGORIES, NFA_RARITIES } from '@hypertek/shared/contract';
import {
  LAND_REGIONS,
  LAND_SIZE_LIMITS,
  LAND_TYPES,
  NFA_ADJECTIVES,
  NFA_NOUNS,
  RARITY_WEIGHTS,
  seedCatalogue,
} from './catalogue';

const literalArray = (words: readonly string[]): string =>
  `array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]::text[]`;

export const SEARCH_INDEX_DDL =
  'create index if not exists items_search_trgm_idx on items using gin (search_text gin_trgm_ops)';

export async function seedLargeCatalogue(
  database: Database,
  options: {
    total: number;
    batchSize?: number;
    passwordHash: () => Promise<string>;
    /** Leave the trigram search index out (the list plans test needs none; search is slower). */
    withoutSearchIndex?: boolean;
    onProgress?: (message: string, done: number, total: number) => void;
  },
): Promise<number> {
  const progress = options.onProgress ?? (() => {});
  const batch = options.batchSize ?? 50_000;
  progress('browsing seed', 0, options.total);
  const seeded = await seedCatalogue(database, { reset: true, passwordHash: options.passwordHash });
  // Writing a million rows is much faster without maintaining the trigram index row by row.
  await database.rows(sql`drop index if exists items_search_trgm_idx`);

  const adjectives = literalArray(NFA_ADJECTIVES);
  const nouns = literalArray(NFA_NOUNS);
  const regions = literalArray(LAND_REGIONS);
  const types = literalArray(LAND_TYPES);
  const categories = literalArray(NFA_CATEGORIES);
  // The seed's rarity weights as ranges of a roll of 1–100.
  let upTo = 0;
  const rarityCase = `case ${RARITY_WEIGHTS.map((weight, index) => {
    upTo += weight;
    return `when roll <= ${upTo} then '${NFA_RARITIES[index]}'`;
  }).join(' ')} else 'Mythic' end`;
  const sizeCase = `case ${LAND_SIZE_LIMITS.map(([max, size]) => `when width * depth <= ${max} then '${size}'`).join(' ')} else 'Huge' end`;
  // After the browsing seed's listings: four items every 20 seconds (equal dates to break by id).
  const listedFrom = new Date(Date.now() - 90 * 86_400_000).toISOString();
  const first = seeded.items + 1;
  for (let start = first; start <= options.total; start += batch) {
    const end = Math.min(options.total, start + batch - 1);
    // One transaction a batch: the items point at listings written just after them (the key is
    // checked at commit). The per-row check of the market's rule is off for this bulk insert, and
    // the same rule is checked below for the whole batch at once (a million trigger calls would
    // double the time).
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table listings disable trigger listings_market_consistent`);
      await tx.execute(sql`
      insert into items (kind, title, serial_number, price_cents, description,
                         rarity, category, region, size, listed_at, listing_id)
      select
        kind,
        case when kind = 'land'
          then (${sql.raw(regions)})[region_no] || ' '
            || (${sql.raw(types)})[1 + (k * 104729) % ${LAND_TYPES.length}] || ' ' || (g % 997)
          else (${sql.raw(adjectives)})[1 + (g::bigint * 7919) % ${NFA_ADJECTIVES.length}] || ' '
            || (${sql.raw(nouns)})[1 + (g::bigint * 104729) % ${NFA_NOUNS.length}] || ' Mk-' || (g % 997)
        end,
        'HT-' || lpad(g::text, 7, '0'),
        2000 + ((g::bigint * 2654435761) % 998000)::int,
        case when kind = 'land' then 'A ' || width || '×' || depth || ' parcel. ' else '' end
          || 'Generated for benchmarks: item ' || g || ' of the 2117 catalogue.',
        case when kind = 'nfa' then ${sql.raw(rarityCase)} end,
        case when kind = 'nfa' then (${sql.raw(categories)})[1 + (hashint8(g::bigint)::bigint % 5 + 5) % 5] end,
        case when kind = 'land' then (${sql.raw(regions)})[region_no] end,
        case when kind = 'land' then ${sql.raw(sizeCase)} end,
        ${listedFrom}::timestamptz + (g / 4) * interval '20 seconds',
        -- The house lists each one: its listing's id now, the listing row below.
        gen_random_uuid()
      from generate_series(${start}::int, ${end}::int) as g,
        lateral (select
          case when g % 3 = 0 then 'land' else 'nfa' end as kind,
          -- Lands are every third item: their own counter, so that every region and type occurs.
          (g / 3)::bigint as k,
          1 + (hashint4(g)::bigint % 100 + 100) % 100 as roll,
          1 + (hashint4(-g)::bigint % 9 + 9) % 9 as width,
          1 + (hashint8(-g::bigint)::bigint % 9 + 9) % 9 as depth) as drawn,
        lateral (select 1 + (k * 7919) % ${LAND_REGIONS.length} as region_no) as place`);
      await tx.execute(sql`
      insert into listings (id, item_id, seller_id, kind, price_cents, created_at, updated_at)
      select listing_id, id, owner_id, kind, price_cents, listed_at, listed_at from items
      where id between ${start} and ${end}`);
      await tx.execute(sql`alter table listings enable trigger listings_market_consistent`);
      const [broken] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(items)
        .leftJoin(listings, and(eq(listings.itemId, items.id), eq(listings.status, 'active')))
        .where(
          and(
            between(items.id, start, end),
            or(
              sql`${items.listingId} is distinct from ${listings.id}`,
              ne(listings.sellerId, items.ownerId),
            ),
          ),
        );
      const n = broken?.n ?? 0;
      if (n !== 0) throw new Error(`large catalogue: ${n} items do not point at their listing`);
    });
    progress('items', end, options.total);
  }
  if (options.withoutSearchIndex !== true) {
    progress('building the trigram index', options.total, options.total);
    await database.rows(sql.raw(SEARCH_INDEX_DDL));
  }
  progress('analyze', options.total, options.total);
  await database.rows(sql`analyze items`);
  await database.rows(sql`analyze listings`);
  return options.total;
}
