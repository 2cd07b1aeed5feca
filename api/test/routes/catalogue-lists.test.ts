/**
 * The catalogue lists with sorts and filters, checked against a brute-force sort and filter in
 * JavaScript of every seeded item: each order and filter pages through everything exactly once,
 * also while items are added between pages; every malformed query is a 400 that says why.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import {
  CATALOGUE_SORTS,
  LAND_REGIONS,
  LAND_SIZES,
  NFA_CATEGORIES,
  NFA_RARITIES,
  type CatalogueSort,
} from '@hypertek/shared/contract';
import { sql } from 'drizzle-orm';
import { SEED_COUNTS } from '../../src/db/seed/catalogue';
import { encodeCursor } from '../../src/lib/cursor';
import { buildTestApp, json } from '../helpers';

// No cache: a page read after an insert must see it (the cache has a test of its own below).
const app = await buildTestApp({ after }, { catalogueCacheTtlMs: 0 });
const get = (url: string) => app.inject({ method: 'GET', url: `/api/v1${url}` });

interface Item {
  _id: string;
  title: string;
  price: number;
  kind: 'nfa' | 'land';
  listedAt: string;
  attributes: { rarity?: string; category?: string; region?: string; size?: string };
}
type Kind = Item['kind'];
type Query = Record<string, string | number | undefined>;

const PATHS: Record<Kind, string> = { nfa: '/market/getMarket', land: '/land/getland' };

const queryString = (query: Query): string =>
  Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&');

/** Every page of a list, following nextCursor; `between` runs after each page. */
async function readAll(kind: Kind, query: Query, between?: (page: number) => Promise<void>) {
  const all: Item[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 500; page++) {
    const qs = queryString({ ...query, cursor: cursor ?? undefined });
    const response = await get(`${PATHS[kind]}?${qs}`);
    assert.equal(response.statusCode, 200, `${qs}: ${response.body}`);
    const body = json(response);
    all.push(...(body.data as Item[]));
    cursor = body.nextCursor;
    if (cursor === null) return all;
    await between?.(page);
  }
  throw new Error('more than 500 pages');
}

const cents = (item: Item): number => Math.round(item.price * 100);
const id = (item: Item): number => Number(item._id);
const titleKey = (item: Item): string => item.title.toLowerCase();
const byKey = (a: string | number, b: string | number): number => (a < b ? -1 : a > b ? 1 : 0);

/** The brute-force order of each sort, ties broken by id in the order's direction. */
const COMPARE: Record<CatalogueSort | 'none', (a: Item, b: Item) => number> = {
  none: (a, b) => id(a) - id(b),
  price_asc: (a, b) => cents(a) - cents(b) || id(a) - id(b),
  price_desc: (a, b) => cents(b) - cents(a) || id(b) - id(a),
  newest: (a, b) => byKey(b.listedAt, a.listedAt) || id(b) - id(a),
  title: (a, b) => byKey(titleKey(a), titleKey(b)) || id(a) - id(b),
};

function bruteForce(items: Item[], query: Query): Item[] {
  const min = query.min === undefined ? -Infinity : Math.round(Number(query.min) * 100);
  const max = query.max === undefined ? Infinity : Math.round(Number(query.max) * 100);
  return items
    .filter((item) => cents(item) >= min && cents(item) <= max)
    .filter((item) =>
      (['rarity', 'category', 'region', 'size'] as const).every(
        (name) => query[name] === undefined || item.attributes[name] === query[name],
      ),
    )
    .sort(COMPARE[(query.sort as CatalogueSort | undefined) ?? 'none']);
}

/** Every item of a kind, as catalogue order lists them. */
const everything = (kind: Kind) => readAll(kind, { limit: 100 });

/** Price bounds that cut a list somewhere inside: the prices at 25% and 75% of it. */
function priceRange(items: Item[]): { min: number; max: number } {
  const prices = items.map((item) => item.price).sort((a, b) => a - b);
  return {
    min: prices[Math.floor(prices.length / 4)] ?? 0,
    max: prices[Math.floor((prices.length * 3) / 4)] ?? 0,
  };
}

describe('the seeded attributes and listing dates', () => {
  it('gives every item the attributes of its kind, from the contract lists, and a date', async () => {
    const nfas = await everything('nfa');
    const lands = await everything('land');
    assert.equal(nfas.length, SEED_COUNTS.nfas);
    assert.equal(lands.length, SEED_COUNTS.lands);
    for (const item of nfas) {
      assert.deepEqual(Object.keys(item.attributes).sort(), ['category', 'rarity']);
      assert.ok(NFA_RARITIES.includes(item.attributes.rarity as never));
      assert.ok(NFA_CATEGORIES.includes(item.attributes.category as never));
    }
    for (const item of lands) {
      assert.deepEqual(Object.keys(item.attributes).sort(), ['region', 'size']);
      assert.ok(LAND_REGIONS.includes(item.attributes.region as never));
      assert.ok(LAND_SIZES.includes(item.attributes.size as never));
    }
    for (const item of [...nfas, ...lands]) {
      assert.match(item.listedAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
    // Every value of every attribute is there, so each filter has something to find.
    for (const [name, values, items] of [
      ['rarity', NFA_RARITIES, nfas],
      ['category', NFA_CATEGORIES, nfas],
      ['region', LAND_REGIONS, lands],
      ['size', LAND_SIZES, lands],
    ] as const) {
      const seen = new Set(items.map((item) => item.attributes[name]));
      assert.deepEqual([...seen].sort(), [...values].sort(), name);
    }
    // Equal listing dates exist: the newest sort's tie-breaker is exercised.
    assert.ok(new Set(nfas.map((item) => item.listedAt)).size < nfas.length);
  });

  it("states the same size as the parcel's description (≤9 Small, ≤25 Medium, ≤49 Large)", async () => {
    for (const land of await everything('land')) {
      const [, width, depth] = /^A (\d)×(\d) parcel/.exec(
        (land as Item & { description: string }).description,
      ) ?? ['', '0', '0'];
      const area = Number(width) * Number(depth);
      const size = area <= 9 ? 'Small' : area <= 25 ? 'Medium' : area <= 49 ? 'Large' : 'Huge';
      assert.equal(land.attributes.size, size, land.title);
      assert.ok(land.title.startsWith(`${land.attributes.region} `), land.title);
    }
  });

  it('keeps the first tiles: NFA-0001… and LND-0001… first, with their prices', async () => {
    const first = json(await get('/market/getMarket?limit=2')).data as Item[];
    assert.deepEqual(
      first.map((item) => [item.title, item.price]),
      [
        ['Void Hunter', 590.29],
        ['Neon Specter', 1649.06],
      ],
    );
    const land = json(await get('/land/getland?limit=1')).data as Item[];
    assert.deepEqual(
      land.map((item) => [item.title, item.price]),
      [['Cobalt Reach Arena Ground', 8823.06]],
    );
  });
});

describe('each sort and filter against a brute-force check of the seeded items', () => {
  for (const kind of ['nfa', 'land'] as const) {
    it(`${kind}: every sort × filter, paged 7 at a time, is the brute-force list exactly`, async () => {
      const items = await everything(kind);
      const { min, max } = priceRange(items);
      const [first, second] = kind === 'nfa' ? NFA_RARITIES.slice(1) : LAND_REGIONS.slice(1);
      const filters: Query[] =
        kind === 'nfa'
          ? [
              {},
              { min },
              { max },
              { min, max },
              { rarity: first },
              { rarity: second, category: NFA_CATEGORIES[0] },
              { category: NFA_CATEGORIES[4], min, max },
              { min: max, max: max },
            ]
          : [
              {},
              { min },
              { max },
              { min, max },
              { region: first },
              { size: 'Medium' },
              { region: second, size: LAND_SIZES[2], min: 0 },
              { size: 'Huge', max },
            ];
      for (const sort of [undefined, ...CATALOGUE_SORTS]) {
        for (const filter of filters) {
          const query = { ...filter, sort, limit: 7 };
          const listed = await readAll(kind, query);
          const expected = bruteForce(items, query);
          assert.deepEqual(
            listed.map((item) => item._id),
            expected.map((item) => item._id),
            JSON.stringify(query),
          );
        }
      }
    });
  }

  it('includes both ends of the price range, and cents between two bounds round inwards', async () => {
    const items = await everything('nfa');
    const item = items[10] as Item;
    const exact = await readAll('nfa', { min: item.price, max: item.price });
    assert.ok(exact.some((found) => found._id === item._id));
    for (const found of exact) assert.equal(found.price, item.price);
    // Half a cent above the price excludes it; half a cent below the next one still includes it.
    const above = await readAll('nfa', { min: (cents(item) + 0.5) / 100 });
    assert.ok(!above.some((found) => found._id === item._id));
    const below = await readAll('nfa', { max: (cents(item) - 0.5) / 100 });
    assert.ok(!below.some((found) => found._id === item._id));
  });

  it('answers an empty last page for a filter that matches nothing', async () => {
    const body = json(await get('/market/getMarket?min=999999999'));
    assert.deepEqual(body.data, []);
    assert.equal(body.nextCursor, null);
  });
});

describe('paging while items are added', () => {
  let added = 0;
  /** Lists new items of a kind whose keys fall all over the order: prices, titles and dates. */
  async function addItems(kind: Kind, page: number) {
    for (const [n, title] of ['Aardvark Prime', 'Mid Relay', 'Zulu Last'].entries()) {
      added++;
      const daysAgo = [1000, 300, 0][n] ?? 0;
      await app.database.rows(sql`
        insert into items (kind, title, serial_number, price_cents, description,
          rarity, category, region, size, listed_at)
        values (${kind}, ${`${title} ${page}`}, ${`TST-${added}`}, ${[100, 150_000, 9_999_900][n] ?? 1},
          'Added while paging',
          ${kind === 'nfa' ? 'Rare' : null}, ${kind === 'nfa' ? 'Pilot skin' : null},
          ${kind === 'land' ? 'Neon Basin' : null}, ${kind === 'land' ? 'Small' : null},
          now() - ${daysAgo} * interval '1 day')`);
    }
  }

  for (const kind of ['nfa', 'land'] as const) {
    it(`${kind}: each sort sees every item present at the start exactly once`, async () => {
      for (const sort of [undefined, ...CATALOGUE_SORTS]) {
        for (const filter of [{}, kind === 'nfa' ? { rarity: 'Rare' } : { size: 'Small' }]) {
          const before = new Set((await everything(kind)).map((item) => item._id));
          const listed = await readAll(kind, { ...filter, sort, limit: 9 }, async (page) => {
            // Three pages get new items: enough to cross the cursor in every order.
            if (page < 3) await addItems(kind, page);
          });
          const ids = listed.map((item) => item._id);
          const label = JSON.stringify({ sort, filter });
          assert.equal(new Set(ids).size, ids.length, `no duplicates: ${label}`);
          const expected = bruteForce(
            (await everything(kind)).filter((item) => before.has(item._id)),
            filter,
          );
          const seen = new Set(ids);
          for (const item of expected) assert.ok(seen.has(item._id), `${item.title}: ${label}`);
          // The order holds across pages, added items included.
          const order = COMPARE[sort ?? 'none'];
          for (let i = 1; i < listed.length; i++) {
            assert.ok(order(listed[i - 1] as Item, listed[i] as Item) < 0, label);
          }
        }
      }
    });
  }
});

describe('what a list refuses (400, with a message that says why)', () => {
  const refused: [url: string, message: RegExp][] = [
    [
      '/market/getMarket?sort=cheapest',
      /^sort must be one of: price_asc, price_desc, newest, title$/,
    ],
    ['/market/getMarket?min=-1', /^min must be a price in dollars/],
    ['/market/getMarket?min=abc', /^min must be a price in dollars/],
    ['/market/getMarket?max=1e3', /^max must be a price in dollars/],
    ['/market/getMarket?max=', /^max must be a price in dollars/],
    ['/market/getMarket?max=0x10', /^max must be a price in dollars/],
    ['/market/getMarket?min=20&max=10', /^min must not be more than max/],
    [
      '/market/getMarket?region=Neon%20Basin',
      /^NFAs have no region: filter them by rarity or category/,
    ],
    ['/market/getMarket?size=Small', /^NFAs have no size/],
    ['/land/getland?rarity=Rare', /^Lands have no rarity: filter them by region or size/],
    ['/land/getLand?category=Pilot%20skin', /^Lands have no category/],
    [
      '/market/getMarket?rarity=Shiny',
      /^rarity must be one of: Common, Rare, Epic, Legendary, Mythic$/,
    ],
    ['/market/getMarket?rarity=rare', /^rarity must be one of/],
    ['/land/getland?size=Gigantic', /^size must be one of: Small, Medium, Large, Huge$/],
    ['/land/getland?region=Atlantis', /^region must be one of: Crimson Dunes/],
    ['/market/getMarket?limit=101&sort=title', /^limit must be a whole number from 1 to 100$/],
  ];
  for (const [url, message] of refused) {
    it(url, async () => {
      const response = await get(url);
      assert.equal(response.statusCode, 400, response.body);
      assert.equal(json(response).success, false);
      assert.match(json(response).message, message);
    });
  }

  it("refuses a cursor made for another sort, or one whose key is not the sort's", async () => {
    const priceCursor = json(await get('/market/getMarket?sort=price_asc&limit=2')).nextCursor;
    const plainCursor = json(await get('/market/getMarket?limit=2')).nextCursor;
    const cases: [string, RegExp][] = [
      [`sort=title&cursor=${priceCursor}`, /another sort order/],
      [`sort=price_desc&cursor=${priceCursor}`, /another sort order/],
      [`cursor=${priceCursor}`, /another sort order/],
      [`sort=newest&cursor=${plainCursor}`, /another sort order/],
      [`sort=price_asc&cursor=${encodeCursor(['price_asc', 'cheap', 3])}`, /cursor is not valid/],
      [`sort=price_asc&cursor=${encodeCursor(['price_asc', -5, 3])}`, /cursor is not valid/],
      [`sort=price_asc&cursor=${encodeCursor(['price_asc', 2 ** 40, 3])}`, /cursor is not valid/],
      [`sort=newest&cursor=${encodeCursor(['newest', 'yesterday', 3])}`, /cursor is not valid/],
      [
        `sort=newest&cursor=${encodeCursor(['newest', '+275760-09-13T00:00:00.000Z', 3])}`,
        /cursor is not valid/,
      ],
      [`sort=title&cursor=${encodeCursor(['title', 'a\u0000b', 3])}`, /cursor is not valid/],
      [`sort=title&cursor=${encodeCursor(['title', 42, 3])}`, /cursor is not valid/],
      [`sort=title&cursor=${encodeCursor(['title', 'neon', 1.5])}`, /cursor is not valid/],
      [`sort=title&cursor=${encodeCursor(['title', 'neon'])}`, /cursor is not valid/],
      [`sort=title&cursor=${encodeCursor({ title: 'neon' } as never)}`, /cursor is not valid/],
    ];
    for (const [qs, message] of cases) {
      const response = await get(`/market/getMarket?${qs}`);
      assert.equal(response.statusCode, 400, qs);
      assert.match(json(response).message, message, qs);
    }
  });

  it('accepts what the site sends: decimals, both bounds equal, spaces around, page sizes', async () => {
    for (const qs of [
      'min=12.5&max=12.50',
      'min=0',
      'max=0.001',
      'min=%2012%20',
      'min=5&max=5.004',
    ]) {
      const response = await get(`/market/getMarket?${qs}&sort=price_asc&limit=100`);
      assert.equal(response.statusCode, 200, qs);
    }
  });
});

describe('the page cache with filters', () => {
  it('keeps one answer per sort and filter, and the unfiltered answer as it was', async () => {
    const cached = await buildTestApp({ after });
    const read = async (url: string): Promise<{ data: Item[] }> =>
      (await cached.inject({ method: 'GET', url: `/api/v1${url}` })).json<{ data: Item[] }>();
    const plain = await read('/market/getMarket');
    const cheap = await read('/market/getMarket?sort=price_asc');
    const rare = await read('/market/getMarket?rarity=Mythic');
    assert.notDeepEqual(cheap.data, plain.data);
    assert.ok(rare.data.every((item: Item) => item.attributes.rarity === 'Mythic'));
    // Served again from the cache: the same answers, each for its own query.
    assert.deepEqual(await read('/market/getMarket'), plain);
    assert.deepEqual(await read('/market/getMarket?sort=price_asc'), cheap);
    assert.deepEqual(await read('/market/getMarket?rarity=Mythic'), rare);
    // The same price written two ways is one entry: the same answer.
    assert.deepEqual(
      await read('/market/getMarket?min=100'),
      await read('/market/getMarket?min=100.00'),
    );
  });
});
