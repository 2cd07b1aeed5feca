/**
 * `GET /sitemap/items`: every item exactly once, in id order, across pages of any size; `total`;
 * each entry's kind and last change (creation, sale, listing opened or changed); 400 for a page
 * or size that is not a whole number in range; the OpenAPI entry.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { SEED_COUNTS } from '../../src/db/seed/catalogue';
import { SITEMAP_MAX_PAGE, SITEMAP_MAX_SIZE } from '../../src/routes/sitemap';
import { buildTestApp, json } from '../helpers';

// No answer cache: the tests change rows and read them back at once.
const app = await buildTestApp({ after }, { catalogueCacheTtlMs: 0 });
const get = (query = '') => app.inject({ method: 'GET', url: `/api/v1/sitemap/items${query}` });

interface Entry {
  id: string;
  kind: 'nfa' | 'land';
  lastModified: string;
}
interface Page {
  total: number;
  page: number;
  size: number;
  items: Entry[];
}

async function page(query: string): Promise<Page> {
  const response = await get(query);
  assert.equal(response.statusCode, 200, response.body);
  const body = json(response);
  assert.equal(body.success, true);
  assert.deepEqual(Object.keys(body).sort(), ['data', 'success']);
  return body.data as Page;
}

/** Every item as the database has it, in id order. */
async function itemsInDatabase() {
  const rows = await app.database.rows<{ id: string | number; kind: 'nfa' | 'land' }>(
    sql`select id, kind from items order by id`,
  );
  return rows.map((row) => ({ id: String(row.id), kind: row.kind }));
}

describe('GET /sitemap/items', () => {
  it('lists every item once, in id order, with its kind and an ISO time, on one default page', async () => {
    const expected = await itemsInDatabase();
    assert.equal(expected.length, SEED_COUNTS.nfas + SEED_COUNTS.lands);
    const data = await page('');
    assert.equal(data.total, expected.length);
    assert.equal(data.page, 0);
    assert.equal(data.size, SITEMAP_MAX_SIZE);
    assert.deepEqual(
      data.items.map(({ id, kind }) => ({ id, kind })),
      expected,
    );
    for (const entry of data.items) {
      assert.deepEqual(Object.keys(entry).sort(), ['id', 'kind', 'lastModified']);
      assert.equal(typeof entry.id, 'string');
      assert.match(entry.lastModified, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      assert.equal(new Date(entry.lastModified).toISOString(), entry.lastModified);
      assert.ok(Date.parse(entry.lastModified) <= Date.now() + 1000);
    }
    // The ids are the catalogue's: the item answers use the same text.
    const detail = json(await app.inject({ url: `/api/v1/search/item/${data.items[0]!.id}` }));
    assert.equal(detail.data.id, data.items[0]!.id);
  });

  it('pages with a small size: every item exactly once across the pages, the last one short', async () => {
    const expected = await itemsInDatabase();
    for (const size of [1, 7, 50, expected.length, expected.length + 1]) {
      const seen: Entry[] = [];
      const pages = Math.ceil(expected.length / size);
      for (let number = 0; number < pages; number++) {
        const data = await page(`?page=${number}&size=${size}`);
        assert.equal(data.total, expected.length);
        assert.equal(data.page, number);
        assert.equal(data.size, size);
        const full = number < pages - 1 ? size : expected.length - size * (pages - 1);
        assert.equal(data.items.length, full, `page ${number} of size ${size}`);
        seen.push(...data.items);
        if (size === 1 && number >= 20) break; // enough single-item pages
      }
      const ids = seen.map((entry) => entry.id);
      assert.equal(new Set(ids).size, ids.length, `no item twice (size ${size})`);
      assert.deepEqual(
        seen.map(({ id, kind }) => ({ id, kind })),
        expected.slice(0, seen.length),
      );
      if (size > 1) assert.equal(seen.length, expected.length);
    }
  });

  it('answers an empty list past the last page, with the total', async () => {
    const data = await page(`?page=3&size=${SITEMAP_MAX_SIZE}`);
    assert.deepEqual(data, {
      total: SEED_COUNTS.nfas + SEED_COUNTS.lands,
      page: 3,
      size: SITEMAP_MAX_SIZE,
      items: [],
    });
    const last = await page(`?page=${SITEMAP_MAX_PAGE}&size=${SITEMAP_MAX_SIZE}`);
    assert.deepEqual(last.items, []);
  });

  it('dates each item by its latest change: creation, sale, listing opened or changed', async () => {
    const [row] = await app.database.rows<{ id: string | number; listing_id: string }>(
      sql`select id, listing_id from items where listing_id is not null order by id limit 1`,
    );
    assert.ok(row !== undefined, 'the seed lists the house items');
    const id = String(row.id);
    const lastModified = async () =>
      (await page('')).items.find((entry) => entry.id === id)!.lastModified;

    const [created] = await app.database.rows<{ at: Date | string }>(
      sql`select greatest(created_at, owned_since, listed_at) as at from items where id = ${row.id}`,
    );
    const before = await lastModified();
    assert.ok(Date.parse(before) >= new Date(created!.at).getTime() - 1);

    // A sale (the owner changes)…
    await app.database.rows(
      sql`update items set owned_since = '2099-01-02T03:04:05.678Z' where id = ${row.id}`,
    );
    assert.equal(await lastModified(), '2099-01-02T03:04:05.678Z');
    // …the listing opened later…
    await app.database.rows(
      sql`update items set listed_at = '2099-02-03T04:05:06.789Z' where id = ${row.id}`,
    );
    assert.equal(await lastModified(), '2099-02-03T04:05:06.789Z');
    // …and its price changed later still.
    await app.database.rows(
      sql`update listings set updated_at = '2099-03-04T05:06:07.891Z' where id = ${row.listing_id}`,
    );
    assert.equal(await lastModified(), '2099-03-04T05:06:07.891Z');
  });

  it('refuses a page or size that is not a whole number in range (400, saying which)', async () => {
    const sizeMessage = `size must be a whole number from 1 to ${SITEMAP_MAX_SIZE}`;
    const pageMessage = `page must be a whole number from 0 to ${SITEMAP_MAX_PAGE}`;
    const cases: [string, string][] = [
      ['?size=0', sizeMessage],
      [`?size=${SITEMAP_MAX_SIZE + 1}`, sizeMessage],
      ['?size=-5', sizeMessage],
      ['?size=abc', sizeMessage],
      ['?size=1.5', sizeMessage],
      ['?size=1e3', sizeMessage],
      ['?size=', sizeMessage],
      ['?size=2&size=3', sizeMessage],
      ['?page=-1', pageMessage],
      ['?page=x', pageMessage],
      ['?page=0.5', pageMessage],
      [`?page=${SITEMAP_MAX_PAGE + 1}`, pageMessage],
      ['?page=99999999999999999999', pageMessage],
      ['?page=1&size=0', sizeMessage],
    ];
    for (const [query, message] of cases) {
      const response = await get(query);
      assert.equal(response.statusCode, 400, `${query}: ${response.body}`);
      assert.deepEqual(json(response), { success: false, message }, query);
    }
  });

  it('is in the OpenAPI document with its tag, summary, query and answers', () => {
    const doc = app.swagger() as unknown as { paths: Record<string, Record<string, any>> };
    const operation = doc.paths['/api/v1/sitemap/items']?.get;
    assert.ok(operation !== undefined);
    assert.deepEqual(operation.tags, ['sitemap']);
    assert.match(operation.summary, /item/i);
    const params = Object.fromEntries(
      operation.parameters.map((p: { in: string; name: string; schema: object }) => [
        `${p.in}:${p.name}`,
        p.schema,
      ]),
    );
    assert.deepEqual(params, {
      'query:page': { type: 'integer', minimum: 0, maximum: SITEMAP_MAX_PAGE, default: 0 },
      'query:size': {
        type: 'integer',
        minimum: 1,
        maximum: SITEMAP_MAX_SIZE,
        default: SITEMAP_MAX_SIZE,
      },
    });
    assert.deepEqual(Object.keys(operation.responses).sort(), ['200', '400', '500']);
  });
});
