/**
 * The catalogue: NFAs and land parcels, listed in one of five orders (by id, price either way,
 * newest, title) with a price range and attribute filters, keyset-paged; and the trigram search
 * over both kinds.
 */
import type { ItemKind } from '@hypertek/shared/contract';
import type {
  CatalogueItem,
  CatalogueSort,
  ItemAttributes,
  LandRegion,
  LandSize,
  NfaCategory,
  NfaRarity,
  SearchHit,
} from '@hypertek/shared/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { itemArt, items, TITLE_KEY } from '../db/schema';
import type { CataloguePosition } from '../lib/cursor';
import { isListed } from '../market/rules';

type ItemRow = Pick<
  typeof items.$inferSelect,
  | 'id'
  | 'kind'
  | 'title'
  | 'serialNumber'
  | 'priceCents'
  | 'description'
  | 'rarity'
  | 'category'
  | 'region'
  | 'size'
  | 'listedAt'
  | 'ownerId'
  | 'ownedSince'
  | 'listingId'
  | 'listingEndsAt'
>;

/** Where an item's generated art is served (a path on the API host). */
export const itemImagePath = (id: number): string => `/api/v1/media/items/${id}.svg`;

/** A catalogue item as this API always sends it: with image and description. */
export type ApiItem = CatalogueItem & {
  image: string;
  description: string;
  attributes: ItemAttributes;
  listedAt: string;
  listed: boolean;
  ownerId: string;
};
export type ApiSearchHit = SearchHit & {
  serialNumber: string;
  kind: ItemKind;
  price: number;
  image: string;
};

/** An item's attributes: NFAs `rarity` and `category`, lands `region` and `size`. */
const attributesOf = (row: ItemRow): ItemAttributes =>
  row.kind === 'nfa'
    ? { rarity: row.rarity ?? undefined, category: row.category ?? undefined }
    : { region: row.region ?? undefined, size: row.size ?? undefined };

export function toCatalogueItem(row: ItemRow, at: number = Date.now()): ApiItem {
  const id = String(row.id);
  return {
    _id: id,
    id,
    title: row.title,
    serialNumber: row.serialNumber,
    price: row.priceCents / 100,
    image: itemImagePath(row.id),
    description: row.description,
    kind: row.kind,
    attributes: attributesOf(row),
    listedAt: row.listedAt.toISOString(),
    listed: isListed(row, at),
    ownerId: row.ownerId,
  };
}

/** What a list asks for: the kind, the order, a price range in cents and attribute values. */
export interface CatalogueListQuery {
  kind: ItemKind;
  sort: CatalogueSort | null;
  minCents: number | null;
  maxCents: number | null;
  rarity?: NfaRarity;
  category?: NfaCategory;
  region?: LandRegion;
  size?: LandSize;
}

/** A listed item with the key of its order (for the next page's cursor). */
export interface ListedItem {
  item: ApiItem;
  position: CataloguePosition;
}

/** One item of the sitemap: its id (as text, like every answer), kind and last change. */
export interface SitemapEntry {
  id: string;
  kind: ItemKind;
  lastModified: string;
}

/** Search answers at most this many hits per kind, ranked; it ranks at most SEARCH_CANDIDATES. */
export const SEARCH_CAP = 10;
export const SEARCH_CANDIDATES = 100;

/** Item ids are positive integers; anything else names no item. */
export const parseItemId = (value: string): number | null =>
  /^[1-9][0-9]{0,14}$/.test(value) ? Number(value) : null;

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The columns an item is sent with (the collection reads the same through its join). */
export const itemColumns = {
  id: items.id,
  kind: items.kind,
  title: items.title,
  serialNumber: items.serialNumber,
  priceCents: items.priceCents,
  description: items.description,
  rarity: items.rarity,
  category: items.category,
  region: items.region,
  size: items.size,
  listedAt: items.listedAt,
  ownerId: items.ownerId,
  ownedSince: items.ownedSince,
  listingId: items.listingId,
  listingEndsAt: items.listingEndsAt,
};
const columns = itemColumns;

/**
 * Each order: its ORDER BY, and the condition "after this position" written as a row comparison
 * over the same columns, so that both are one range of the order's index: (kind, id),
 * (kind, price_cents, id), (kind, listed_at, id) or (kind, lower(title) collate "C", id).
 * Ties are broken by the id, in the direction of the order.
 */
function orderOf(sort: CatalogueSort | null, after: CataloguePosition | null) {
  switch (sort) {
    case null:
      return {
        orderBy: sql`${items.id} asc`,
        after: after === null ? undefined : sql`${items.id} > ${after.id}`,
      };
    case 'price_asc':
      return {
        orderBy: sql`${items.priceCents} asc, ${items.id} asc`,
        after:
          after === null
            ? undefined
            : sql`(${items.priceCents}, ${items.id}) > (${after.key}::int, ${after.id}::bigint)`,
      };
    case 'price_desc':
      return {
        orderBy: sql`${items.priceCents} desc, ${items.id} desc`,
        after:
          after === null
            ? undefined
            : sql`(${items.priceCents}, ${items.id}) < (${after.key}::int, ${after.id}::bigint)`,
      };
    case 'newest':
      return {
        orderBy: sql`${items.listedAt} desc, ${items.id} desc`,
        after:
          after === null
            ? undefined
            : sql`(${items.listedAt}, ${items.id}) < (${after.key}::timestamptz, ${after.id}::bigint)`,
      };
    case 'title':
      return {
        orderBy: sql`${TITLE_KEY} asc, ${items.id} asc`,
        after:
          after === null
            ? undefined
            : sql`(${TITLE_KEY}, ${items.id}) > (${after.key}::text collate "C", ${after.id}::bigint)`,
      };
  }
}

/** The position of a row in an order: what the next page's cursor carries. */
function positionOf(sort: CatalogueSort | null, row: ItemRow & { titleKey: string }) {
  switch (sort) {
    case null:
      return { id: row.id };
    case 'price_asc':
    case 'price_desc':
      return { id: row.id, key: row.priceCents };
    case 'newest':
      return { id: row.id, key: row.listedAt.toISOString() };
    case 'title':
      return { id: row.id, key: row.titleKey };
  }
}

/** The WHERE of a list: kind, price range, attributes, and "after the cursor". */
function conditions(query: CatalogueListQuery, after: SQL | undefined): SQL | undefined {
  return and(
    eq(items.kind, query.kind),
    query.minCents === null ? undefined : sql`${items.priceCents} >= ${query.minCents}`,
    query.maxCents === null ? undefined : sql`${items.priceCents} <= ${query.maxCents}`,
    query.rarity === undefined ? undefined : eq(items.rarity, query.rarity),
    query.category === undefined ? undefined : eq(items.category, query.category),
    query.region === undefined ? undefined : eq(items.region, query.region),
    query.size === undefined ? undefined : eq(items.size, query.size),
    after,
  );
}

export function createItemsRepository(database: Database) {
  const { db } = database;
  return {
    /**
     * One page of a list after `after` (null: the first page), in the query's order. Returns
     * `limit` rows at most, each with its position for the next cursor.
     */
    async list(
      query: CatalogueListQuery,
      limit: number,
      after: CataloguePosition | null,
    ): Promise<ListedItem[]> {
      const order = orderOf(query.sort, after);
      const rows = await db
        .select({ ...columns, titleKey: sql<string>`${TITLE_KEY}` })
        .from(items)
        .where(conditions(query, order.after))
        .orderBy(order.orderBy)
        .limit(limit);
      return rows.map((row) => ({
        item: toCatalogueItem(row),
        position: positionOf(query.sort, row),
      }));
    },
    /** The SQL of `list` as sent, for EXPLAIN (tests and the benchmark). */
    listSql(query: CatalogueListQuery, limit: number, after: CataloguePosition | null) {
      const order = orderOf(query.sort, after);
      return db
        .select({ ...columns, titleKey: sql<string>`${TITLE_KEY}` })
        .from(items)
        .where(conditions(query, order.after))
        .orderBy(order.orderBy)
        .limit(limit)
        .getSQL();
    },
    async findById(id: number): Promise<ApiItem | undefined> {
      const [row] = await db.select(columns).from(items).where(eq(items.id, id));
      return row === undefined ? undefined : toCatalogueItem(row);
    },
    async findPrice(id: number): Promise<number | undefined> {
      const [row] = await db
        .select({ priceCents: items.priceCents })
        .from(items)
        .where(eq(items.id, id));
      return row?.priceCents;
    },
    /** The stored art of an item, or its kind when it has none stored (large benchmark seed). */
    async findArt(id: number): Promise<{ svg: string | null; kind: ItemKind } | undefined> {
      const [row] = await db
        .select({ svg: itemArt.svg, kind: items.kind })
        .from(items)
        .leftJoin(itemArt, eq(itemArt.itemId, items.id))
        .where(eq(items.id, id));
      return row;
    },
    /** How many items there are (the sitemap's total). */
    async count(): Promise<number> {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(items);
      return row?.count ?? 0;
    },
    /**
     * One page of the sitemap: `limit` items in id order after the first `offset`, each with
     * the time its page last changed: the latest of its creation, its last change of owner, the
     * opening of its listing and the last change of its active listing (its price).
     *
     * One query. The page's first id is counted off the primary key's index (an index-only
     * scan, whatever the depth), then the page is a range of that index from there, each row
     * with its listing. The rows come back as one text, a line per item (`id kind epoch-ms`),
     * split here: on the embedded database, 50,000 rows sent one by one took 0.4–0.7 s on 100,000
     * items, the same page as one text 0.15–0.3 s (no difference on a PostgreSQL server).
     */
    async sitemapPage(offset: number, limit: number): Promise<SitemapEntry[]> {
      const [row] = await database.rows<{ page: string | null }>(sql`
        select string_agg(
            id || ' ' || kind || ' ' || floor(extract(epoch from changed) * 1000)::bigint,
            E'\n' order by id) as page
        from (
          select i.id, i.kind,
            greatest(i.created_at, i.owned_since, i.listed_at, l.updated_at) as changed
          from items as i
          left join listings as l on l.id = i.listing_id
          where i.id >= (select id from items order by id offset ${offset} limit 1)
          order by i.id
          limit ${limit}
        ) as page`);
      if (row?.page == null) return [];
      return row.page.split('\n').map((line) => {
        const [id = '', kind, ms] = line.split(' ');
        return {
          id,
          kind: kind === 'land' ? 'land' : 'nfa',
          lastModified: new Date(Number(ms)).toISOString(),
        };
      });
    },
    /**
     * Case-insensitive match anywhere in the title or serial number, through the GIN trigram
     * index on `search_text`. Ranked: exact title or serial first, then prefix matches, then by
     * trigram similarity; at most SEARCH_CAP hits per kind.
     */
    async search(text: string): Promise<{ nfas: ApiSearchHit[]; lands: ApiSearchHit[] }> {
      const q = text.trim().toLowerCase();
      const contains = `%${escapeLike(q)}%`;
      const prefix = `${escapeLike(q)}%`;
      // Under 3 characters no trigram fits inside the text, so '%ne%' could only be answered by
      // reading every row. Such queries match the start of a word instead ('ne' finds "Neon",
      // '00' finds "NFA-0042"), which the index answers through its word-start trigrams.
      const match =
        q.length >= 3
          ? sql`search_text ilike ${contains}`
          : sql`(search_text ilike ${prefix} or search_text ilike ${`% ${prefix}`} or search_text ilike ${`%-${prefix}`})`;
      const rows = await database.rows<{
        id: string | number;
        kind: ItemKind;
        title: string;
        serial_number: string;
        price_cents: number;
      }>(sql`
        with candidates as (
          select id, kind, title, serial_number, price_cents, search_text
          from items
          where ${match}
          limit ${SEARCH_CANDIDATES}
        ), ranked as (
          select id, kind, title, serial_number, price_cents,
            row_number() over (
              partition by kind
              order by (lower(title) = ${q} or lower(serial_number) = ${q}) desc,
                       (search_text ilike ${prefix}) desc,
                       similarity(search_text, ${q}) desc,
                       id
            ) as rank
          from candidates
        )
        select id, kind, title, serial_number, price_cents from ranked
        where rank <= ${SEARCH_CAP}
        order by kind, rank`);
      const result = { nfas: [] as ApiSearchHit[], lands: [] as ApiSearchHit[] };
      for (const row of rows) {
        const id = String(row.id);
        const hit: ApiSearchHit = {
          _id: id,
          title: row.title,
          serialNumber: row.serial_number,
          kind: row.kind,
          price: row.price_cents / 100,
          image: itemImagePath(Number(row.id)),
        };
        (row.kind === 'nfa' ? result.nfas : result.lands).push(hit);
      }
      return result;
    },
  };
}

export type ItemsRepository = ReturnType<typeof createItemsRepository>;
