/**
 * The sales of one item (`GET /activity/item/{id}`): the seeded sales and a card purchase, newest
 * first, keyset-paged; 404 for an item that does not exist. The feed's rows name their item and
 * its kind; search hits carry what a result row shows.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { HOUSE_NAME } from '@hypertek/shared/contract';
import { sql } from 'drizzle-orm';
import { encodeCursor } from '../../src/lib/cursor';
import { API_MESSAGES } from '../../src/lib/errors';
import { buildTestApp, json, signup } from '../helpers';
import { CARDS, payBySandboxCard } from '../payments-helpers';

const app = await buildTestApp({ after });
const get = (url: string) => app.inject({ method: 'GET', url: `/api/v1${url}` });

interface Sale {
  _id: string;
  buyer: string;
  seller: string;
  price: number;
  time: string;
}

/** The seeded sales of an item, straight from the table: the brute-force answer. */
async function salesInTable(itemId: number) {
  return app.database.rows<{
    id: number;
    buyer: string;
    price_cents: number;
    at: Date | string;
  }>(sql`
    select id, buyer, price_cents, occurred_at as at from activities
    where item_id = ${itemId} and type = 'Sale'`);
}

async function readAllSales(itemId: number, limit: number): Promise<Sale[]> {
  const all: Sale[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const response = await get(
      `/activity/item/${itemId}?limit=${limit}${cursor === null ? '' : `&cursor=${cursor}`}`,
    );
    assert.equal(response.statusCode, 200, response.body);
    const body = json(response);
    assert.equal(body.success, true);
    all.push(...(body.data as Sale[]));
    cursor = body.nextCursor;
    if (cursor === null) return all;
  }
  throw new Error('too many pages');
}

describe('GET /activity/item/{id}', () => {
  it("lists an item's sales only, newest first, page by page, as the table has them", async () => {
    const [busiest] = await app.database.rows<{ item_id: number; n: number }>(sql`
      select item_id, count(*)::int as n from activities where type = 'Sale'
      group by item_id order by count(*) desc, item_id limit 1`);
    assert.ok(busiest !== undefined && busiest.n >= 2, 'the seed has an item sold twice or more');
    const sales = await readAllSales(busiest.item_id, 1);
    const table = await salesInTable(busiest.item_id);
    assert.equal(sales.length, busiest.n);
    assert.deepEqual(
      sales.map((sale) => sale._id),
      table
        .sort((a, b) => Date.parse(String(b.at)) - Date.parse(String(a.at)) || b.id - a.id)
        .map((row) => String(row.id)),
    );
    for (const sale of sales) {
      const row = table.find((r) => String(r.id) === sale._id);
      assert.equal(sale.buyer, row?.buyer);
      assert.equal(sale.price, (row?.price_cents ?? 0) / 100);
      assert.equal(typeof sale.seller, 'string');
      assert.match(sale.time, /Z$/);
    }
  });

  it("shows the seed's demo purchases as sales", async () => {
    const [bought] = await app.database.rows<{ item_id: number }>(sql`
      select o.item_id from orders o join users u on u.id = o.user_id
      where o.status = 'paid' and u.email = 'demo@hypertek.local' order by o.item_id limit 1`);
    const sales = await readAllSales(bought?.item_id ?? 0, 20);
    // The demo account bought it from the house, which sold the unsold catalogue.
    assert.ok(sales.some((sale) => sale.buyer === 'Demo Pilot' && sale.seller === HOUSE_NAME));
  });

  it('answers an item never sold with an empty list', async () => {
    const [unsold] = await app.database.rows<{ id: number }>(sql`
      select id from items where not exists (
        select 1 from activities where item_id = items.id and type = 'Sale') order by id limit 1`);
    const body = json(await get(`/activity/item/${unsold?.id}`));
    assert.deepEqual(body.data, []);
    assert.equal(body.nextCursor, null);
    assert.equal(body.message, 'No sales yet');
  });

  it('puts a card purchase first, with the buyer and the price paid', async () => {
    const buyer = await signup(app);
    const [unsold] = await app.database.rows<{ id: number; price_cents: number }>(sql`
      select id, price_cents from items where kind = 'land' and not exists (
        select 1 from activities where item_id = items.id and type = 'Sale') order by id limit 1`);
    const itemId = unsold?.id ?? 0;
    const paid = await payBySandboxCard(app, buyer, itemId, CARDS.visa);
    assert.equal(paid.statusCode, 200, paid.body);
    const [sale] = await readAllSales(itemId, 20);
    assert.ok(sale !== undefined);
    assert.equal(sale.price, (unsold?.price_cents ?? 0) / 100);
    assert.equal(sale.seller, HOUSE_NAME);
    assert.ok(Date.now() - Date.parse(sale.time) < 60_000);
    // The feed names the item and its kind, so its row can link to the item's page.
    const feed = json(await get('/activity/getActivity?limit=1')).data;
    assert.equal(feed[0].itemId, String(itemId));
    assert.equal(feed[0].itemKind, 'land');
  });

  it('answers 404 with the item-not-found message for an unknown or malformed id', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '1e3', '9007199254740993']) {
      const response = await get(`/activity/item/${id}`);
      assert.equal(response.statusCode, 404, id);
      assert.equal(json(response).message, API_MESSAGES.itemNotFound);
    }
  });

  it('refuses a malformed cursor or page size with 400', async () => {
    for (const qs of [
      'cursor=%%%',
      `cursor=${encodeCursor(['not a date', 3])}`,
      `cursor=${encodeCursor(['+275760-09-13T00:00:00.000Z', 3])}`,
      'limit=0',
      'limit=101',
    ]) {
      const response = await get(`/activity/item/1?${qs}`);
      assert.equal(response.statusCode, 400, qs);
      assert.equal(typeof json(response).message, 'string');
    }
  });
});

describe('the activity feed', () => {
  it('names the item and its kind on every row whose item is listed', async () => {
    const body = json(await get('/activity/getActivity?limit=100'));
    for (const entry of body.data) {
      assert.match(entry.itemId, /^\d+$/);
      const item = json(await get(`/search/item/${entry.itemId}`)).data;
      assert.equal(entry.itemKind, item.kind);
      assert.equal(entry.name, item.title);
    }
  });
});

describe('search hits and search/item', () => {
  it('carry the kind, the price and the art of each hit', async () => {
    const body = json(await get('/search/search?query=LND-0001'));
    const [hit] = body.lands;
    const item = json(await get(`/search/item/${hit._id}`)).data;
    assert.deepEqual(hit, {
      _id: item._id,
      title: item.title,
      serialNumber: 'LND-0001',
      kind: 'land',
      price: item.price,
      image: `/api/v1/media/items/${item._id}.svg`,
    });
    for (const nfa of json(await get('/search/search?query=warden')).nfas) {
      assert.equal(nfa.kind, 'nfa');
      assert.equal(typeof nfa.price, 'number');
      assert.equal(nfa.image, `/api/v1/media/items/${nfa._id}.svg`);
    }
  });

  it('answers an item with its attributes and listing date', async () => {
    const nfa = json(await get('/search/item/1')).data;
    assert.deepEqual(Object.keys(nfa.attributes).sort(), ['category', 'rarity']);
    assert.ok(!Number.isNaN(Date.parse(nfa.listedAt)));
    const [land] = json(await get('/land/getland?limit=1')).data;
    // The detail is the list's row plus the owner's name and the item's market state.
    const { owner, market, ...same } = json(await get(`/search/item/${land._id}`)).data;
    assert.deepEqual(same, land);
    assert.deepEqual(market.owner, { id: land.ownerId, name: owner });
    assert.equal(market.listing !== null, land.listed);
  });
});
