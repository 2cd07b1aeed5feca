import { makeItems } from '../../test/fixtures';
import { MAX_KEPT_ITEMS, readScroll, readSnapshot, saveScroll, saveSnapshot } from './list-memory';

const snapshot = (url: string, count = 3) => ({
  url,
  items: makeItems('land', count),
  nextCursor: 'next',
});

beforeEach(() => sessionStorage.clear());

describe('the lists kept for Back', () => {
  it('gives a list back only to the same history entry showing the same address', () => {
    saveSnapshot('k1', snapshot('/land?sort=title'));
    expect(readSnapshot('k1', '/land?sort=title')?.items).toHaveLength(3);
    expect(readSnapshot('k1', '/land')).toBeNull();
    expect(readSnapshot('k2', '/land?sort=title')).toBeNull();
  });

  it('keeps the newest entries only, and no list too long for the storage', () => {
    for (let n = 1; n <= 10; n++) saveSnapshot(`k${String(n)}`, snapshot('/land'));
    expect(readSnapshot('k1', '/land')).toBeNull();
    expect(readSnapshot('k2', '/land')).toBeNull();
    expect(readSnapshot('k3', '/land')).not.toBeNull();
    expect(readSnapshot('k10', '/land')).not.toBeNull();

    saveSnapshot('k10', snapshot('/land', MAX_KEPT_ITEMS + 1));
    expect(readSnapshot('k10', '/land')).toBeNull();
  });

  it('reads back a scroll offset and row heights, and ignores one that makes no sense', () => {
    saveScroll('k1', { offset: 1234.6, rowHeights: { first: 500, other: 480 } });
    expect(readScroll('k1')).toEqual({ offset: 1235, rowHeights: { first: 500, other: 480 } });
    sessionStorage.setItem('mp-list-scroll:k2', '{"offset":"far","rowHeights":null}');
    expect(readScroll('k2')).toBeNull();
    sessionStorage.setItem(
      'mp-list-scroll:k3',
      '{"offset":10,"rowHeights":{"first":0,"other":-1}}',
    );
    expect(readScroll('k3')).toEqual({ offset: 10, rowHeights: null });
    sessionStorage.setItem('mp-list:k4', 'not json');
    expect(readSnapshot('k4', '/land')).toBeNull();
  });
});
