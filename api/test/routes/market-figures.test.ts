/**
 * The market figures (`GET /market/figures`, issue 31): a known set of sales made through the
 * site's own flows (card purchases from the house and between users, listings, one that ends by
 * time) on a market clock moved across 31 days, then every figure of both kinds and every group
 * compared with plain SQL over the same tables (test/support/figures-by-sql.ts), to the cent:
 * at the end of the story, and a day later when the windows have moved. Then: the window edges,
 * the half-cent average, a group sold out (no floor), an empty catalogue, the 400s, the answers
 * against the OpenAPI document, and the cache emptied by a purchase.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LAND_REGIONS, type ItemKind, type MarketFiguresAnswer } from '@hypertek/shared/contract';
import { sql } from 'drizzle-orm';
import type { KindFigures } from '../../src/market/figures';
import { buildTestApp, json, signup, type TestApp } from '../helpers';
import { buy, HOUSE_NFA, HOUSE_USER_ID, list } from '../market-helpers';
import type { User } from '../payments-helpers';
import { figuresBySql } from '../support/figures-by-sql';
import { conformanceChecker, type OpenApiDocument } from '../support/openapi-conformance';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const URL_OF = (kind: ItemKind) => `/api/v1/market/figures?kind=${kind}`;

// The market's clock, moved by the story; the cache is off so every read computes.
const clock = { now: Date.now() };
const app = await buildTestApp({ after }, { catalogueCacheTtlMs: 0 }, { clock: () => clock.now });
const doc = json(await app.inject({ method: 'GET', url: '/api/v1/openapi.json' }));
const conforms = conformanceChecker(doc as OpenApiDocument, { noOperation: 'undocumented' });

/** GET `url`, the answer checked against the OpenAPI document. */
async function read(target: TestApp, url: string) {
  const response = await target.inject({ method: 'GET', url });
  const mismatch = conforms('GET', url, {
    status: response.statusCode,
    contentType: response.headers['content-type']?.toString() ?? null,
    body: response.body,
  });
  assert.equal(mismatch, null, JSON.stringify(mismatch));
  return response;
}

async function figures(target: TestApp, kind: ItemKind): Promise<KindFigures> {
  const response = await read(target, URL_OF(kind));
  assert.equal(response.statusCode, 200, response.body);
  const { success, message, ...rest } = response.json<MarketFiguresAnswer>();
  assert.equal(success, true);
  assert.equal(message, 'Market figures fetched');
  return rest;
}

/** Items the house lists now, with their group, in id order. */
async function houseListed(kind: ItemKind) {
  return app.database.rows<{ id: number; name: string }>(sql`
    select i.id::int as id, coalesce(i.category, i.region) as name from items i
    join listings l on l.id = i.listing_id
    where i.kind = ${kind} and i.owner_id = ${HOUSE_USER_ID} and l.expires_at is null
      and not exists (select 1 from orders o where o.item_id = i.id and o.status = 'pending')
    order by i.id`);
}

/** Runs the steps in the order of their times, the market's clock set to each. */
async function story(end: number, steps: [offset: number, step: () => Promise<unknown>][]) {
  for (const [offset, step] of [...steps].sort((a, b) => a[0] - b[0])) {
    clock.now = end + offset;
    await step();
  }
  clock.now = end;
}

const bought = async (user: User, itemId: number) => {
  const response = await buy(app, user, itemId);
  assert.equal(response.statusCode, 200, response.body);
};
const listed = async (user: User, itemId: number, price: number, expiresIn = '6 Months') => {
  const response = await list(app, user, itemId, price, expiresIn);
  assert.equal(response.statusCode, 201, response.body);
};

const end = Math.floor(Date.now() / 1000) * 1000;
let region = '';
let regionIn24h = 0;
let category = '';
let cheap = 0;

before(async () => {
  const [u1, u2, u3] = [await signup(app), await signup(app), await signup(app)];
  const nfas = await houseListed('nfa');
  const [catA, catB] = [...new Set(nfas.map((item) => item.name))];
  const inCat = (name: string | undefined) => nfas.filter((i) => i.name === name).map((i) => i.id);
  const [a1, a2, a3] = inCat(catA) as [number, number, number];
  category = catA ?? '';
  const [b1, b2] = inCat(catB) as [number, number];
  cheap = b2;
  // The land region with the fewest live listings, all of them the house's: bought out below.
  const [row] = await app.database.rows<{ name: string }>(sql`
    select i.region as name from items i
    join listings l on l.item_id = i.id and l.status = 'active'
    where i.kind = 'land' group by i.region
    having bool_and(i.owner_id = ${HOUSE_USER_ID} and l.expires_at is null
      and not exists (select 1 from orders o where o.item_id = i.id and o.status = 'pending'))
    order by count(*), i.region limit 1`);
  region = row?.name ?? '';
  const lands = (await houseListed('land')).filter((i) => i.name === region).map((i) => i.id);
  assert.ok(lands.length >= 2, `region ${region}: ${lands.length} listings`);
  // Its sales around the 24-hour edge, then further back.
  const landTimes = [-24 * HOUR, -24 * HOUR + 1, -25 * HOUR, -3 * HOUR, -3 * DAY, -12 * DAY];
  regionIn24h = landTimes.slice(0, lands.length).filter((time) => time > -DAY).length;

  await story(end, [
    [-31 * DAY, () => bought(u1, a1)], // before every window
    [-30 * DAY, () => bought(u1, a2)], // on the 30-day edge: out
    [-30 * DAY + HOUR, () => bought(u2, b1)],
    [-8 * DAY, () => listed(u1, a1, 1234.57)],
    [-7 * DAY, () => bought(u3, a3)], // on the 7-day edge: out of 7 d, in 30 d
    [-7 * DAY + 1, () => bought(u2, a1)], // a resale, just inside 7 d
    ...lands.map((id, i): [number, () => Promise<void>] => [
      landTimes[i] ?? -(13 + i) * DAY,
      () => bought(u3, id),
    ]),
    [-10 * HOUR, () => bought(u3, b2)],
    // A listing far below the rest that ends an hour before the read: no floor then.
    [-7 * HOUR, () => listed(u3, b2, 0.01, '6 Hours')],
    [-2 * HOUR, () => listed(u2, b1, 10.01)],
    [-HOUR, () => bought(u3, b1)],
    // Two sales of one category in the last day whose average is half a cent: 1001.5 → 1002.
    [-40 * MINUTE, () => listed(u2, a1, 10.01)],
    [-30 * MINUTE, () => bought(u1, a1)],
    [-20 * MINUTE, () => listed(u1, a2, 10.02)],
    [-10 * MINUTE, () => bought(u3, a2)],
  ]);
  clock.now = end;
});

describe('GET /market/figures: equal to plain SQL over the same data, to the cent', () => {
  for (const kind of ['nfa', 'land'] as const) {
    it(`${kind}: the kind and every group, at the end of the story`, async () => {
      clock.now = end;
      assert.deepEqual(await figures(app, kind), await figuresBySql(app, kind, new Date(end)));
    });
    it(`${kind}: a day and a second later, every window moved`, async () => {
      clock.now = end + DAY + 1000;
      try {
        const answer = await figures(app, kind);
        assert.deepEqual(answer, await figuresBySql(app, kind, new Date(clock.now)));
      } finally {
        clock.now = end;
      }
    });
  }

  it('rolling windows with open starts, averages rounded half up, money in dollars and cents', async () => {
    const nfa = await figures(app, 'nfa');
    const land = await figures(app, 'land');
    const group = (answer: KindFigures, name: string) => {
      const found = answer.groups.find((g) => g.name === name);
      assert.ok(found !== undefined, name);
      return found;
    };
    // The category of a1 and a2: the two sales of the last day, 10.01 and 10.02.
    assert.deepEqual(group(nfa, category).windows['24h'], {
      sales: 2,
      volume: 20.03,
      volumeCents: 2003,
      average: 10.02,
      averageCents: 1002,
    });
    // The region bought out: no floor, nothing listed; its sales at the 24-hour edge: the one
    // at exactly 24 hours ago is out, the one a millisecond later in.
    const sold = group(land, region);
    assert.equal(sold.floor, null);
    assert.equal(sold.floorCents, null);
    assert.equal(sold.listed, 0);
    assert.equal(sold.windows['24h'].sales, regionIn24h);
    // The 1-cent listing ended an hour ago: not the floor.
    assert.notEqual(nfa.all.floorCents, 1);
    const [ended] = await app.database.rows<{ status: string }>(
      sql`select status from listings where item_id = ${cheap} and price_cents = 1`,
    );
    assert.equal(ended?.status, 'active', 'the ended listing is not written down yet');
    // The series ends today (UTC) and has 30 days; every group is there, sold or not.
    assert.equal(nfa.days.length, 30);
    assert.equal(nfa.days.at(-1), new Date(end).toISOString().slice(0, 10));
    assert.deepEqual(
      land.groups.map((g) => g.name),
      [...LAND_REGIONS],
    );
    const quiet = land.groups.filter((g) => g.windows['30d'].sales === 0);
    assert.ok(quiet.length > 0, 'some regions sold nothing');
    for (const g of quiet) {
      assert.equal(g.windows['30d'].average, null);
      assert.equal(g.windows['30d'].volumeCents, 0);
    }
  });

  it('the house is no owner: a region only the house holds has items and no owners', async () => {
    const [row] = await app.database.rows<{ name: string }>(sql`
      select region as name from items where kind = 'land' group by region
      having bool_and(owner_id = ${HOUSE_USER_ID}) order by region limit 1`);
    assert.ok(row !== undefined, 'a region only the house holds');
    const held = (await figures(app, 'land')).groups.find((g) => g.name === row.name);
    assert.ok(held !== undefined && held.items > 0);
    assert.equal(held.owners, 0);
  });
});

describe('GET /market/figures: refusals', () => {
  for (const [query, message] of [
    ['', 'kind is required'],
    ['?kind=', 'kind must be one of: nfa, land'],
    ['?kind=NFA', 'kind must be one of: nfa, land'],
    ['?kind=lands', 'kind must be one of: nfa, land'],
    ['?kind=nfa&kind=land', 'kind must be one of: nfa, land'],
    ['?kind=nfa&region=Neon%20Basin', 'Query has an unknown field: region'],
  ] as const) {
    it(`${query || 'no query'}: 400 "${message}"`, async () => {
      const response = await read(app, `/api/v1/market/figures${query}`);
      assert.equal(response.statusCode, 400);
      assert.deepEqual(json(response), { success: false, message });
    });
  }
  it('is a public read in the OpenAPI document', () => {
    const operation = doc.paths['/api/v1/market/figures'].get;
    assert.equal(operation.operationId, 'readMarketFigures');
    assert.deepEqual(operation.security, []);
  });
});

describe('GET /market/figures: an empty catalogue', () => {
  it('no items: no floor, no owners, no sales, every day zero; as plain SQL says', async (t) => {
    const empty = await buildTestApp(t, { seedOnStart: false, catalogueCacheTtlMs: 0 });
    for (const kind of ['nfa', 'land'] as const) {
      const answer = await figures(empty, kind);
      assert.deepEqual(answer, await figuresBySql(empty, kind, new Date(answer.asOf)));
      assert.equal(answer.all.floor, null);
      assert.equal(answer.all.owners, 0);
      assert.equal(answer.all.windows['30d'].sales, 0);
      assert.deepEqual(answer.all.daily.sales, Array(30).fill(0));
    }
  });
});

describe('GET /market/figures: the cache', () => {
  it('answers from the cache until the market changes; a purchase shows at once', async (t) => {
    const cached = await buildTestApp(t, { catalogueCacheTtlMs: 60_000 });
    const first = await figures(cached, 'nfa');
    assert.equal((await figures(cached, 'nfa')).asOf, first.asOf);
    const buyer = await signup(cached);
    const response = await buy(cached, buyer, HOUSE_NFA);
    assert.equal(response.statusCode, 200, response.body);
    const next = await figures(cached, 'nfa');
    assert.notEqual(next.asOf, first.asOf);
    assert.equal(next.all.windows['24h'].sales, first.all.windows['24h'].sales + 1);
  });
});
