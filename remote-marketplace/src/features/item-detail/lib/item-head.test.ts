import type { CatalogueItem, WireItem } from '@hypertek/shared';

import { makeDetailItem, makeItem, withMarket } from '../../../test/fixtures';
import {
  firstItemAnswer,
  ITEM_READ,
  itemHead,
  itemNotFoundHead,
  itemReadPath,
  servedItemHead,
} from './item-head';

const NOW = Date.parse('2117-03-01T12:00:00Z');
const HOUR = 3_600_000;

/** A land as the detail read answers it: the house lists it at 5400. */
const outpost: CatalogueItem = withMarket({
  ...makeItem('land', 54),
  title: 'Neon Basin Outpost',
  serialNumber: 'LAND-0054',
  price: 5400,
  description: 'A parcel on the rim of the basin.',
});
const unlisted = withMarket(outpost, { owner: { id: 'u2', name: 'Nova Pilot' }, listing: null });
const answer = (item: unknown) => ({ success: true, message: 'Item fetched', data: item });

const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';

describe('the detail read', () => {
  it('is /search/item/{id}, the id filled in encoded', () => {
    expect(ITEM_READ).toBe('/search/item/{id}');
    expect(itemReadPath('7')).toBe('/search/item/7');
    expect(itemReadPath('land 7/x')).toBe('/search/item/land%207%2Fx');
  });
});

describe('itemHead', () => {
  it("titles a listed land '<name> · Land · Hyper Tek' and describes serial, price and listing", () => {
    const head = itemHead(outpost, 'land', NOW);
    expect(head.title).toBe('Neon Basin Outpost · Land · Hyper Tek');
    expect(head.description).toContain('LAND-0054');
    expect(head.description).toContain('$5,400 USDT');
    expect(head.description).toContain('Listed');
    expect(head.description).toBe(
      'Land parcel #LAND-0054 · $5,400 USDT · Listed for sale by Hyper Tek Vault. Buy, sell and trade it on the Hyper Tek marketplace.',
    );
  });

  it("titles an NFA '<name> · NFA · Hyper Tek'", () => {
    const head = itemHead(makeDetailItem('nfa', 18), 'nfa', NOW);
    expect(head.title).toBe('Neon Relic 18 · NFA · Hyper Tek');
    expect(head.description).toMatch(/^NFA collectible #NFA-18 · \$1,800 USDT · Listed/);
  });

  it("says 'Not listed' and who owns an item that is not for sale", () => {
    const { description } = itemHead(unlisted, 'land', NOW);
    expect(description).toContain('Not listed, owned by Nova Pilot');
    expect(description).not.toContain('Listed for sale');
  });

  it('says an item reserved by an accepted offer is reserved', () => {
    const reserved = withMarket(outpost, {
      owner: { id: 'u2', name: 'Nova Pilot' },
      listing: null,
      reservedUntil: new Date(NOW + HOUR).toISOString(),
    });
    expect(itemHead(reserved, 'land', NOW).description).toContain(
      'Reserved for a buyer, owned by Nova Pilot',
    );
  });

  it("names an untitled item by its kind's default name and leaves out a missing serial", () => {
    const bare = { _id: 'x1', price: 12.5 };
    const head = itemHead(bare, 'land', NOW);
    expect(head.title).toBe('Hyper Tek Land · Land · Hyper Tek');
    expect(head.description).toMatch(/^Land parcel · \$12\.50 USDT · /);
  });
});

describe('itemNotFoundHead', () => {
  it("is '<Kind> not found · Hyper Tek'", () => {
    expect(itemNotFoundHead('land').title).toBe('Land not found · Hyper Tek');
    expect(itemNotFoundHead('nfa').title).toBe('NFA not found · Hyper Tek');
    expect(itemNotFoundHead('land').description).toContain('No Land has this id');
  });
});

describe('servedItemHead', () => {
  it('gives a listed item its head, preview card, canonical address and an in-stock Product', () => {
    const head = servedItemHead('land', answer(outpost), 200, NOW);
    expect(head).toEqual({
      status: 200,
      ...itemHead(outpost, 'land', NOW),
      type: 'product',
      image: '/media/items/land-54/card.png',
      imageAlt: 'Neon Basin Outpost, land parcel #LAND-0054',
      canonicalPath: '/buy-land?id=land-54',
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Neon Basin Outpost',
        description: 'A parcel on the rim of the basin.',
        sku: 'LAND-0054',
        category: 'Land parcel',
        brand: { '@type': 'Brand', name: 'Hyper Tek' },
        offers: {
          '@type': 'Offer',
          price: '5400.00',
          priceCurrency: 'USD',
          availability: IN_STOCK,
          seller: { '@type': 'Organization', name: 'Hyper Tek Vault' },
        },
      },
    });
    expect(head?.title).toBe('Neon Basin Outpost · Land · Hyper Tek');
  });

  it("is out of stock and 'Not listed' when the item is not for sale, sold by a person", () => {
    const head = servedItemHead('land', answer(unlisted), 200, NOW);
    expect(head?.status).toBe(200);
    expect(head?.description).toContain('Not listed');
    expect(head?.jsonLd?.offers).toMatchObject({
      availability: OUT_OF_STOCK,
      seller: { '@type': 'Person', name: 'Nova Pilot' },
    });
  });

  it('is out of stock while an accepted offer reserves it, even if still listed', () => {
    const reserved = withMarket(outpost, { reservedUntil: new Date(NOW + HOUR).toISOString() });
    const head = servedItemHead('land', answer(reserved), 200, NOW);
    expect(head?.jsonLd?.offers).toMatchObject({ availability: OUT_OF_STOCK });
    // Once the reservation has run out, it is for sale again.
    const later = servedItemHead('land', answer(reserved), 200, NOW + 2 * HOUR);
    expect(later?.jsonLd?.offers).toMatchObject({ availability: IN_STOCK });
  });

  it("uses the page's description when the item has none, and no sku without a serial", () => {
    const plain: WireItem = { ...outpost };
    delete plain.description;
    delete plain.serialNumber;
    const head = servedItemHead('land', answer(plain), 200, NOW);
    expect(head?.jsonLd?.description).toBe(head?.description);
    expect(head?.jsonLd).not.toHaveProperty('sku');
    expect(head?.imageAlt).toBe('Neon Basin Outpost, land parcel');
  });

  it.each([404, 400])('answers %s with a 404 and the not-found head', (status) => {
    const body = { success: false, message: 'Item not found' };
    expect(servedItemHead('land', body, status, NOW)).toEqual({
      status: 404,
      title: 'Land not found · Hyper Tek',
      description: itemNotFoundHead('land').description,
    });
    expect(servedItemHead('nfa', null, status, NOW)?.title).toBe('NFA not found · Hyper Tek');
  });

  it.each([
    ['a server error', { success: false }, 500],
    ['an unreachable API', null, 502],
    ['a success without an item', { success: true, data: null }, 200],
    ['an item without a price', { success: true, data: { _id: '7', title: 'x' } }, 200],
    ['an item with a 500', answer(outpost), 500],
  ])('is null for %s (the page is served plain)', (_, body, status) => {
    expect(servedItemHead('land', body, status, NOW)).toBeNull();
  });

  it("gives an NFA answered on the land page its own kind's head and canonical address", () => {
    const relic = makeDetailItem('nfa', 18);
    const head = servedItemHead('land', answer(relic), 200, NOW);
    expect(head?.canonicalPath).toBe('/buy-nfa?id=nfa-18');
    expect(head?.title).toBe('Neon Relic 18 · NFA · Hyper Tek');
    expect(head?.jsonLd).toMatchObject({ category: 'NFA collectible' });
    // And the other way round.
    expect(servedItemHead('nfa', answer(outpost), 200, NOW)?.canonicalPath).toBe(
      '/buy-land?id=land-54',
    );
  });

  it("takes the page's kind for an item that does not say its own", () => {
    const kindless: WireItem = { ...outpost };
    delete kindless.kind;
    const head = servedItemHead('land', answer(kindless), 200, NOW);
    expect(head?.canonicalPath).toBe('/buy-land?id=land-54');
    expect(head?.title).toBe('Neon Basin Outpost · Land · Hyper Tek');
  });

  it('encodes the id in the preview picture and the canonical address', () => {
    const odd = { ...outpost, _id: 'a b/c', id: 'a b/c' };
    const head = servedItemHead('land', answer(odd), 200, NOW);
    expect(head?.image).toBe('/media/items/a%20b%2Fc/card.png');
    expect(head?.canonicalPath).toBe('/buy-land?id=a%20b%2Fc');
  });
});

describe('firstItemAnswer', () => {
  it('reads an item answer the page came with', () => {
    expect(firstItemAnswer(answer(outpost))).toEqual({ status: 'ok', item: outpost });
  });

  it.each([404, 400])('reads a %s answer as no such item', (status) => {
    expect(firstItemAnswer({ success: false, status })).toEqual({ status: 'not-found' });
  });

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['a string', 'oops'],
    ['a server error', { success: false, status: 500 }],
    ['a failure without a status', { success: false, message: 'Item not found' }],
    ['a success without an item', { success: true, data: { title: 'no id' } }],
  ])('ignores %s (the page asks the API)', (_, body) => {
    expect(firstItemAnswer(body)).toBeNull();
  });
});
