import { checkPriceRange, readFilter, writeFilter } from './catalogue-url';

const read = (query: string, kind: 'nfa' | 'land' = 'land') =>
  readFilter(new URLSearchParams(query), kind);

describe('the catalogue view in the URL', () => {
  it('reads every field of its kind', () => {
    expect(read('sort=price_asc&min=500&max=2000.5&region=Neon+Basin&size=Large')).toEqual({
      sort: 'price_asc',
      min: 500,
      max: 2000.5,
      region: 'Neon Basin',
      size: 'Large',
    });
    expect(read('sort=title&rarity=Mythic&category=Battle+drone', 'nfa')).toEqual({
      sort: 'title',
      rarity: 'Mythic',
      category: 'Battle drone',
    });
  });

  it('ignores what it does not know instead of failing', () => {
    expect(read('sort=cheapest&min=-5&max=abc&region=Atlantis&size=huge&rarity=Rare')).toEqual({});
    // The other kind's attributes mean nothing here.
    expect(read('region=Neon+Basin', 'nfa')).toEqual({});
    expect(read('min=1e3&max=Infinity')).toEqual({});
    // A range that cannot match anything is dropped whole.
    expect(read('min=900&max=100&sort=newest')).toEqual({ sort: 'newest' });
  });

  it('writes one address per view: set fields only, in one order', () => {
    expect(writeFilter({ size: 'Small', min: 0, sort: 'price_desc' }).toString()).toBe(
      'sort=price_desc&min=0&size=Small',
    );
    expect(writeFilter({}).toString()).toBe('');
    const view = { sort: 'newest', max: 12.5, region: 'Ion Marsh' } as const;
    expect(read(writeFilter(view).toString())).toEqual(view);
  });
});

describe('a typed price range', () => {
  it('takes empty fields as no bound and prices of 0 or more', () => {
    expect(checkPriceRange('', '')).toEqual({ ok: true, min: undefined, max: undefined });
    expect(checkPriceRange(' 0 ', '99.99')).toEqual({ ok: true, min: 0, max: 99.99 });
    expect(checkPriceRange('10', '10')).toEqual({ ok: true, min: 10, max: 10 });
  });

  it('names the field at fault', () => {
    expect(checkPriceRange('-1', '')).toMatchObject({ ok: false, field: 'min' });
    expect(checkPriceRange('', 'ten')).toMatchObject({ ok: false, field: 'max' });
    expect(checkPriceRange('50', '20')).toEqual({
      ok: false,
      field: 'min',
      message: 'The minimum price must not be more than the maximum.',
    });
  });
});
