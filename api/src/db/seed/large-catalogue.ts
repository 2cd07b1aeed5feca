/**
 * The benchmark catalogue: the browsing seed plus generated items up to `total` (1,000,000 by
 * default), written by PostgreSQL itself (`generate_series`) in batches with progress. Titles
 * combine the seed's vocabularies with a model number so that words repeat realistically and
 * serial numbers are unique. No SVG is stored for these items: the media route draws their art
 * from the id on request (same picture every time).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { LAND_REGIONS, LAND_TYPES, NFA_ADJECTIVES, NFA_NOUNS, seedCatalogue } from './catalogue';

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
  const first = seeded.items + 1;
  for (let start = first; start <= options.total; start += batch) {
    const end = Math.min(options.total, start + batch - 1);
    await database.rows(sql`
      insert into items (kind, title, serial_number, price_cents, description)
      select
        case when g % 3 = 0 then 'land' else 'nfa' end,
        case when g % 3 = 0
          then (${sql.raw(regions)})[1 + (g::bigint * 7919) % ${LAND_REGIONS.length}] || ' '
            || (${sql.raw(types)})[1 + (g::bigint * 104729) % ${LAND_TYPES.length}] || ' ' || (g % 997)
          else (${sql.raw(adjectives)})[1 + (g::bigint * 7919) % ${NFA_ADJECTIVES.length}] || ' '
            || (${sql.raw(nouns)})[1 + (g::bigint * 104729) % ${NFA_NOUNS.length}] || ' Mk-' || (g % 997)
        end,
        'HT-' || lpad(g::text, 7, '0'),
        2000 + ((g::bigint * 2654435761) % 998000)::int,
        'Generated for benchmarks: item ' || g || ' of the 2117 catalogue.'
      from generate_series(${start}::int, ${end}::int) as g`);
    progress('items', end, options.total);
  }
  progress('building the trigram index', options.total, options.total);
  await database.rows(sql.raw(SEARCH_INDEX_DDL));
  progress('analyze', options.total, options.total);
  await database.rows(sql`analyze items`);
  return options.total;
}
