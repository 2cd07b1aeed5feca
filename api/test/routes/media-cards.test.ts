/**
 * Link-preview cards: an item's card (`GET /media/items/{id}/card.png`) and the site's
 * (`GET /media/site-card.png`). PNGs of exactly 1200×630 read back with sharp, 404 for unknown
 * and malformed ids, ETag and 304, a new ETag and new pixels when the stored art changes, art
 * that is missing or broken, the headers, the render cache, and the OpenAPI entries.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp, { type Region } from 'sharp';
import { renderItemSvg } from '../../src/db/seed/art';
import { API_MESSAGES } from '../../src/lib/errors';
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  etagMatches,
  ItemCardCache,
  itemCardEtag,
  renderItemCard,
} from '../../src/lib/item-card';
import { buildTestApp, json } from '../helpers';

const app = await buildTestApp({ after });
const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
const card = (id: string | number, headers: Record<string, string> = {}) =>
  get(`/media/items/${id}/card.png`, headers);

const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
const STRONG_ETAG = /^"[A-Za-z0-9_-]{20,}"$/;

/** The item's stored art, as the SVG route serves it. */
async function svgOf(id: number): Promise<string> {
  const response = await get(`/media/items/${id}.svg`);
  assert.equal(response.statusCode, 200);
  return response.body;
}

async function setArt(id: number, svg: string): Promise<void> {
  await app.database.rows(sql`update item_art set svg = ${svg} where item_id = ${id}`);
}

/** Asserts a 1200×630 PNG answer with the card headers, and returns its bytes. */
async function assertPng(response: LightMyRequestResponse, cacheControl: string) {
  assert.equal(response.statusCode, 200, response.body.slice(0, 200));
  assert.equal(response.headers['content-type'], 'image/png');
  assert.equal(response.headers['cache-control'], cacheControl);
  assert.equal(response.headers['content-security-policy'], IMAGE_CSP);
  assert.equal(response.headers['x-content-type-options'], 'nosniff');
  assert.match(String(response.headers.etag), STRONG_ETAG);
  assert.equal(response.headers['content-length'], String(response.rawPayload.length));
  const meta = await sharp(response.rawPayload).metadata();
  assert.equal(meta.format, 'png');
  assert.equal(meta.width, CARD_WIDTH);
  assert.equal(meta.height, CARD_HEIGHT);
  assert.equal(CARD_WIDTH, 1200);
  assert.equal(CARD_HEIGHT, 630);
  // Small enough for every preview service (most refuse images over a few MB).
  assert.ok(response.rawPayload.length < 600_000, `${response.rawPayload.length} bytes`);
  return response.rawPayload;
}

/** The mean colour of a region of a PNG: the art is drawn where it should be. */
async function meanOf(png: Buffer, region: Region) {
  // stats() reads the input image: the region is cut out first.
  const stats = await sharp(await sharp(png).extract(region).png().toBuffer()).stats();
  return stats.channels.slice(0, 3).map((c) => Math.round(c.mean));
}

describe('GET /media/items/{id}/card.png', () => {
  it('is a 1200×630 PNG of the item, cached an hour with a strong ETag', async () => {
    const png = await assertPng(await card(1), 'public, max-age=3600');
    const stats = await sharp(png).stats();
    assert.equal(stats.isOpaque, true);
    // Not a blank canvas: the art and its blurred copy vary.
    assert.ok(stats.channels.some((c) => c.stdev > 10));
    // The art itself fills the centre (560 px tall, centred), the background is darker.
    const centre = await meanOf(png, { left: 500, top: 215, width: 200, height: 200 });
    const edge = await meanOf(png, { left: 0, top: 0, width: 120, height: 630 });
    const sum = (rgb: number[]) => rgb.reduce((a, b) => a + b, 0);
    assert.ok(sum(centre) > sum(edge), `centre ${centre.join()} brighter than edge ${edge.join()}`);
  });

  it('answers the same bytes and ETag again (from the cache), for HEAD too', async () => {
    const first = await card(2);
    const second = await card(2);
    assert.deepEqual(second.rawPayload, first.rawPayload);
    assert.equal(second.headers.etag, first.headers.etag);
    const head = await app.inject({ method: 'HEAD', url: '/api/v1/media/items/2/card.png' });
    assert.equal(head.statusCode, 200);
    assert.equal(head.headers.etag, first.headers.etag);
    assert.equal(head.headers['content-type'], 'image/png');
    assert.equal(head.rawPayload.length, 0);
  });

  it('derives the ETag from the SVG the art route serves', async () => {
    const response = await card(3);
    assert.equal(response.headers.etag, itemCardEtag(await svgOf(3)));
    // Different art, different ETag.
    assert.notEqual((await card(4)).headers.etag, response.headers.etag);
  });

  it('answers 404 Item not found for unknown and malformed ids, never 500', async () => {
    const ids = ['999999', '0', '-1', '1.5', '1e3', '01', 'abc', '1.svg', '%20', '9'.repeat(40)];
    for (const id of ids) {
      const response = await card(id);
      assert.equal(response.statusCode, 404, `id ${id}: ${response.body}`);
      assert.deepEqual(json(response), { success: false, message: API_MESSAGES.itemNotFound });
      assert.equal(response.headers.etag, undefined);
      // The same words as the SVG route's.
      if (/^\d{1,20}$/.test(id)) {
        assert.deepEqual(json(await get(`/media/items/${id}.svg`)), json(response));
      }
    }
  });

  it('answers 304 without a body to a matching If-None-Match', async () => {
    const first = await card(5);
    const etag = String(first.headers.etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const response = await card(5, { 'if-none-match': ifNoneMatch });
      assert.equal(response.statusCode, 304, ifNoneMatch);
      assert.equal(response.rawPayload.length, 0);
      assert.equal(response.headers.etag, etag);
      assert.equal(response.headers['cache-control'], 'public, max-age=3600');
      assert.equal(response.headers['content-type'], undefined);
      assert.equal(response.headers['content-length'], undefined);
    }
    const other = await card(5, { 'if-none-match': '"something-else"' });
    assert.equal(other.statusCode, 200);
    assert.deepEqual(other.rawPayload, first.rawPayload);
    // An unknown item is a 404 whatever the caller sends.
    assert.equal((await card(999999, { 'if-none-match': '*' })).statusCode, 404);
  });

  it('changes its ETag and its pixels when the stored art changes', async () => {
    const before = await card(6);
    const oldEtag = String(before.headers.etag);
    await setArt(6, renderItemSvg('land', 4242));
    const afterChange = await card(6);
    const png = await assertPng(afterChange, 'public, max-age=3600');
    const newEtag = String(afterChange.headers.etag);
    assert.notEqual(newEtag, oldEtag);
    assert.equal(newEtag, itemCardEtag(renderItemSvg('land', 4242)));
    assert.notDeepEqual(png, before.rawPayload);
    // The old ETag no longer matches: a cache holding the old card gets the new one.
    assert.equal((await card(6, { 'if-none-match': oldEtag })).statusCode, 200);
    assert.equal((await card(6, { 'if-none-match': newEtag })).statusCode, 304);
    // The same art again, the same card again.
    await setArt(6, await svgOf(7));
    assert.equal((await card(6)).headers.etag, (await card(7)).headers.etag);
  });

  it('draws the card from the id when the item has no stored art', async () => {
    const [item] = await app.database.rows<{ kind: 'nfa' | 'land' }>(
      sql`select kind from items where id = 8`,
    );
    await app.database.rows(sql`delete from item_art where item_id = 8`);
    const response = await card(8);
    await assertPng(response, 'public, max-age=3600');
    assert.equal(response.headers.etag, itemCardEtag(renderItemSvg(item!.kind, 8)));
  });

  it('still answers a card when the stored art does not render (the art drawn from the id)', async () => {
    await setArt(9, 'this is not an SVG');
    const response = await card(9);
    await assertPng(response, 'public, max-age=3600');
    assert.equal(response.headers.etag, itemCardEtag('this is not an SVG'));
    const [item] = await app.database.rows<{ kind: 'nfa' | 'land' }>(
      sql`select kind from items where id = 9`,
    );
    assert.deepEqual(response.rawPayload, await renderItemCard(renderItemSvg(item!.kind, 9)));
  });

  it('renders art of any proportions inside the card', async () => {
    const wide =
      '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="100">' +
      '<rect width="900" height="100" fill="#00e5ff"/></svg>';
    await setArt(10, wide);
    const png = await assertPng(await card(10), 'public, max-age=3600');
    // Contained: 1100 px wide (the box's width), centred; the middle is the art's cyan.
    const [r, g, b] = await meanOf(png, { left: 550, top: 305, width: 100, height: 20 });
    assert.ok(r! < 40 && g! > 200 && b! > 220, `middle is ${r},${g},${b}`);
  });
});

describe('GET /media/site-card.png', () => {
  it('is a 1200×630 PNG cached a day with an ETag, the same every time', async () => {
    const first = await get('/media/site-card.png');
    const png = await assertPng(first, 'public, max-age=86400');
    const stats = await sharp(png).stats();
    assert.ok(stats.channels.some((c) => c.stdev > 10));
    // The brand's dark navy at the bottom corners.
    const [r, g, b] = await meanOf(png, { left: 0, top: 600, width: 30, height: 30 });
    assert.ok(r! < 40 && g! < 40 && b! < 60, `corner is ${r},${g},${b}`);
    const second = await get('/media/site-card.png');
    assert.deepEqual(second.rawPayload, png);
    assert.equal(second.headers.etag, first.headers.etag);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const etag = String((await get('/media/site-card.png')).headers.etag);
    const response = await get('/media/site-card.png', { 'if-none-match': etag });
    assert.equal(response.statusCode, 304);
    assert.equal(response.rawPayload.length, 0);
    assert.equal(response.headers.etag, etag);
    assert.equal(response.headers['cache-control'], 'public, max-age=86400');
  });
});

describe('the card cache', () => {
  const svg = renderItemSvg('nfa', 11);

  it('gives concurrent requests for one card the same render', async () => {
    const cache = new ItemCardCache(2);
    const first = cache.get(11, 'nfa', svg);
    const second = cache.get(11, 'nfa', svg);
    assert.equal(second, first);
    assert.equal(cache.size, 1);
    const [a, b] = await Promise.all([first, second]);
    assert.equal(a.png, b.png);
    assert.equal(a.etag, itemCardEtag(svg));
  });

  it('keys by item and art, and drops the least recently used past its size', async () => {
    const cache = new ItemCardCache(2);
    const first = cache.get(11, 'nfa', svg);
    const otherArt = cache.get(11, 'nfa', renderItemSvg('nfa', 12));
    assert.notEqual(otherArt, first);
    assert.equal(cache.get(11, 'nfa', svg), first); // used again: now the most recent
    const third = cache.get(13, 'nfa', renderItemSvg('nfa', 13)); // the least recent goes
    assert.equal(cache.size, 2);
    assert.equal(cache.get(11, 'nfa', svg), first);
    assert.notEqual(cache.get(11, 'nfa', renderItemSvg('nfa', 12)), otherArt);
    await Promise.all([first, otherArt, third]);
  });

  it('compares If-None-Match as RFC 9110 asks for a GET', () => {
    assert.equal(etagMatches(undefined, '"a"'), false);
    assert.equal(etagMatches('"a"', '"a"'), true);
    assert.equal(etagMatches('W/"a"', '"a"'), true);
    assert.equal(etagMatches('"b", "a"', '"a"'), true);
    assert.equal(etagMatches('"b"', '"a"'), false);
    assert.equal(etagMatches('*', '"a"'), true);
    assert.equal(etagMatches('a', '"a"'), false);
  });
});

describe('the OpenAPI document', () => {
  it('lists both cards with their tag, summary, params and every answer', () => {
    const doc = app.swagger() as unknown as {
      paths: Record<string, Record<string, any>>;
    };
    const item = doc.paths['/api/v1/media/items/{id}/card.png']?.get;
    assert.ok(item !== undefined);
    assert.deepEqual(item.tags, ['media']);
    assert.match(item.summary, /card/i);
    assert.deepEqual(
      item.parameters.map((p: { in: string; name: string }) => `${p.in}:${p.name}`),
      ['path:id'],
    );
    // 400 and 414: a bad character or a too long id; 500: a fault (every route's, in one place).
    assert.deepEqual(Object.keys(item.responses).sort(), [
      '200',
      '304',
      '400',
      '404',
      '414',
      '500',
    ]);
    assert.ok(item.responses['200'].content['image/png'] !== undefined);
    // Errors are JSON even on a route that answers images.
    assert.deepEqual(Object.keys(item.responses['404'].content), ['application/json']);
    const site = doc.paths['/api/v1/media/site-card.png']?.get;
    assert.ok(site !== undefined);
    assert.deepEqual(site.tags, ['media']);
    assert.match(site.summary, /card/i);
    assert.deepEqual(Object.keys(site.responses).sort(), ['200', '304', '400', '500']);
  });
});
