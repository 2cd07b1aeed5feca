/** The catalogue: NFAs and land parcels, paged by id, and the trigram search over both. */
import type { CatalogueItem, SearchHit } from '@hypertek/shared/contract';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { itemArt, items } from '../db/schema';

export type ItemKind = 'nfa' | 'land';
type ItemRow = Pick<
  typeof items.$inferSelect,
  'id' | 'kind' | 'title' | 'serialNumber' | 'priceCents' | 'description'
>;

/** Where an item's generated art is served (a path on the API host). */
export const itemImagePath = (id: number): string => `/api/v1/media/items/${id}.svg`;

/** A catalogue item as this API always sends it: with image and description. */
export type ApiItem = CatalogueItem & { image: string; description: string };
export type ApiSearchHit = SearchHit & { serialNumber: string };

export function toCatalogueItem(row: ItemRow): ApiItem {
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
  };
}

/** Search answers at most this many hits per kind, ranked; it ranks at most SEARCH_CANDIDATES. */
export const SEARCH_CAP = 10;
export const SEARCH_CANDIDATES = 100;

/** Item ids are positive integers; anything else names no item. */
export const parseItemId = (value: string): number | null =>
  /^[1-9][0-9]{0,14}$/.test(value) ? Number(value) : null;

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const columns = {
  id: items.id,
  kind: items.kind,
  title: items.title,
  serialNumber: items.serialNumber,
  priceCents: items.priceCents,
  description: items.description,
};

export function createItemsRepository(database: Database) {
  const { db } = database;
  return {
    /** One page of a kind, in id order, starting after `afterId`. Returns limit + 1 rows at most. */
    async page(kind: ItemKind, limit: number, afterId: number | null): Promise<ApiItem[]> {
      const rows = await db
        .select(columns)
        .from(items)
        .where(
          afterId === null
            ? eq(items.kind, kind)
            : and(eq(items.kind, kind), gt(items.id, afterId)),
        )
        .orderBy(asc(items.id))
        .limit(limit);
      return rows.map(toCatalogueItem);
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
      }>(sql`
        with candidates as (
          select id, kind, title, serial_number, search_text
          from items
          where ${match}
          limit ${SEARCH_CANDIDATES}
        ), ranked as (
          select id, kind, title, serial_number,
            row_number() over (
              partition by kind
              order by (lower(title) = ${q} or lower(serial_number) = ${q}) desc,
                       (search_text ilike ${prefix}) desc,
                       similarity(search_text, ${q}) desc,
                       id
            ) as rank
          from candidates
        )
        select id, kind, title, serial_number from ranked
        where rank <= ${SEARCH_CAP}
        order by kind, rank`);
      const result = { nfas: [] as ApiSearchHit[], lands: [] as ApiSearchHit[] };
      for (const row of rows) {
        const id = String(row.id);
        const hit: ApiSearchHit = { _id: id, title: row.title, serialNumber: row.serial_number };
        (row.kind === 'nfa' ? result.nfas : result.lands).push(hit);
      }
      return result;
    },
  };
}

export type ItemsRepository = ReturnType<typeof createItemsRepository>;
