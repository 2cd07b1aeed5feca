import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { SEED_COUNTS } from '../../src/db/seed/catalogue';
import { SEARCH_CAP } from '../../src/repositories/items-repository';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../src/routes/schemas';
import { buildTestApp, json } from '../helpers';

const app = await buildTestApp({ after });
const get = (url: string) => app.inject({ method: 'GET', url: `/api/v1${url}` });

interface Item {
  _id: string;
  id: string;
  title: string;
  serialNumber: string;
  price: number;
  image: string;
  description: string;
  kind: string;
}

function assertItem(item: Item, kind: string) {
  assert.equal(typeof item._id, 'string');
  assert.equal(item._id, item.id);
  assert.ok(item.title.length > 0);
  assert.match(item.serialNumber, kind === 'nfa' ? /^NFA-\d{4}$/ : /^LND-\d{4}$/);
  assert.equal(typeof item.price, 'number');
  assert.ok(item.price > 0);
  assert.equal(item.image, `/api/v1/media/items/${item.id}.svg`);
  assert.ok(item.description.length > 20);
  assert.equal(item.kind, kind);
}

async function readAll(path: string, limit: number) {
  const all: Item[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const url: string = `${path}?limit=${limit}${cursor === null ? '' : `&cursor=${cursor}`}`;
    const body = json(await get(url));
    all.push(...(body.data as Item[]));
    cursor = body.nextCursor;
    if (cursor === null) break;
  }
  return all;
}

describe('GET /market/getMarket', () => {
  it('answers success, data, message and nextCursor; the first page by default', async () => {
    const response = await get('/market/getMarket');
    assert.equal(response.statusCode, 200);
    const body = json(response);
    assert.equal(body.success, true);
    assert.equal(typeof body.message, 'string');
    assert.equal(body.data.length, DEFAULT_PAGE_SIZE);
    assert.equal(typeof body.nextCursor, 'string');
    for (const item of body.data) assertItem(item, 'nfa');
  });

  it('pages through every NFA exactly once with the cursor', async () => {
    const all = await readAll('/market/getMarket', 50);
    assert.equal(all.length, SEED_COUNTS.nfas);
    assert.equal(new Set(all.map((i) => i._id)).size, SEED_COUNTS.nfas);
  });

  it('refuses a page size over the cap, a bad limit and a bad cursor with 400', async () => {
    for (const url of [
      `/market/getMarket?limit=${MAX_PAGE_SIZE + 1}`,
      '/market/getMarket?limit=0',
      '/market/getMarket?limit=abc',
      '/market/getMarket?cursor=%%%',
      '/market/getMarket?cursor=bm90LWpzb24',
    ]) {
      const response = await get(url);
      assert.equal(response.statusCode, 400, url);
      assert.equal(json(response).success, false);
      assert.equal(typeof json(response).message, 'string');
    }
  });
});

describe('GET /land/getland and /land/getLand', () => {
  it('answer the same land parcels under both spellings', async () => {
    const lower = json(await get('/land/getland?limit=100'));
    const upper = json(await get('/land/getLand?limit=100'));
    assert.deepEqual(lower, upper);
    assert.equal(lower.success, true);
    assert.equal(lower.data.length, SEED_COUNTS.lands);
    assert.equal(lower.nextCursor, null);
    for (const item of lower.data) assertItem(item, 'land');
  });
});

describe('GET /activity/getActivity', () => {
  it('lists activity entries newest first with the fields of an activity entry', async () => {
    const body = json(await get('/activity/getActivity'));
    assert.equal(body.success, true);
    assert.equal(body.data.length, DEFAULT_PAGE_SIZE);
    let previous = Infinity;
    for (const entry of body.data) {
      for (const key of ['_id', 'name', 'type', 'buyer', 'seller', 'time']) {
        assert.equal(typeof entry[key], 'string', key);
      }
      assert.equal(typeof entry.price, 'number');
      const at = Date.parse(entry.time);
      assert.ok(at <= previous, 'newest first');
      assert.ok(at > Date.now() - 91 * 86_400_000, 'within the last 90 days');
      previous = at;
    }
  });

  it('pages through all seeded entries exactly once', async () => {
    // The seeded feed, plus what the seed's market story wrote (sales, transfers, listings, offers).
    const [table] = await app.database.rows<{ n: number }>(
      sql`select count(*)::int as n from activities`,
    );
    const seeded = table?.n ?? 0;
    assert.ok(seeded > SEED_COUNTS.activities, 'the market story adds entries');
    const all = await readAll('/activity/getActivity', 100);
    assert.equal(all.length, seeded);
    assert.equal(new Set(all.map((i) => i._id)).size, seeded);
  });
});

describe('GET /search/search', () => {
  it('matches any part of a title, whatever the case, in lands and nfas', async () => {
    const body = json(await get('/search/search?query=wARd'));
    assert.equal(body.success, true);
    assert.ok(body.nfas.length > 0);
    assert.ok(Array.isArray(body.lands));
    for (const hit of [...body.nfas, ...body.lands]) {
      assert.match(hit.title, /ward/i);
      assert.equal(typeof hit._id, 'string');
    }
  });

  it('matches serial numbers and ranks the exact one first', async () => {
    const body = json(await get('/search/search?query=nfa-0042'));
    assert.equal(body.nfas[0].serialNumber, 'NFA-0042');
    const land = json(await get('/search/search?query=LND-0007'));
    assert.equal(land.lands[0].serialNumber, 'LND-0007');
    assert.equal(land.nfas.length, 0);
  });

  it('matches the start of a word for a 2-character query', async () => {
    const body = json(await get('/search/search?query=NE'));
    assert.ok(body.nfas.length > 0);
    for (const hit of [...body.nfas, ...body.lands]) {
      assert.match(`${hit.title} ${hit.serialNumber}`, /(^|[\s-])ne/i);
    }
  });

  it('caps the results of each kind', async () => {
    const body = json(await get('/search/search?query=nfa-'));
    assert.equal(body.nfas.length, SEARCH_CAP);
  });

  it('answers empty lists for a short or empty query, and for no match', async () => {
    for (const url of [
      '/search/search?query=a',
      '/search/search?query=',
      '/search/search',
      '/search/search?query=zzzzqqq',
    ]) {
      const body = json(await get(url));
      assert.equal(body.success, true, url);
      assert.deepEqual(body.nfas, []);
      assert.deepEqual(body.lands, []);
    }
  });

  it('treats LIKE wildcards as plain text', async () => {
    const body = json(await get('/search/search?query=%25%25'));
    assert.deepEqual([...body.nfas, ...body.lands], []);
    const underscore = json(await get('/search/search?query=N_A'));
    assert.deepEqual(underscore.nfas, []);
  });
});

describe('GET /search/item/{id}', () => {
  it('answers one item', async () => {
    const body = json(await get('/search/item/3'));
    assert.equal(body.success, true);
    assertItem(body.data, 'nfa');
    assert.equal(body.data._id, '3');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '1e3']) {
      const response = await get(`/search/item/${id}`);
      assert.equal(response.statusCode, 404, id);
      assert.equal(json(response).success, false);
    }
  });
});

describe('item art', () => {
  it('serves a distinctive SVG per item with long caching and a strict CSP', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/v1/media/items/1.svg' });
    const second = await app.inject({ method: 'GET', url: '/api/v1/media/items/2.svg' });
    assert.equal(first.statusCode, 200);
    assert.match(String(first.headers['content-type']), /^image\/svg\+xml/);
    assert.match(String(first.headers['cache-control']), /max-age=31536000/);
    assert.match(String(first.headers['content-security-policy']), /default-src 'none'/);
    assert.ok(first.body.startsWith('<svg'));
    assert.notEqual(first.body, second.body);
    assert.ok(!/<script/i.test(first.body));
  });

  it('answers 404 for an unknown item or name', async () => {
    assert.equal(
      (await app.inject({ method: 'GET', url: '/api/v1/media/items/99999.svg' })).statusCode,
      404,
    );
    assert.equal(
      (await app.inject({ method: 'GET', url: '/api/v1/media/items/1.png' })).statusCode,
      404,
    );
  });
});
