import { queryClient } from '@hypertek/shared/data';
import { fakeEventSource, FakeEventSource } from '@hypertek/shared/testing';
import { renderHook, waitFor } from '@testing-library/react';

import { useLiveItem } from './hooks/use-live-item';

let removeEventSource = () => {};

describe('the item page, live', () => {
  beforeEach(() => {
    removeEventSource = fakeEventSource();
  });
  afterEach(() => {
    removeEventSource();
    jest.restoreAllMocks();
  });

  it("follows its item's events and reads again what shows it, once per burst", async () => {
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
    const { unmount } = renderHook(() => useLiveItem('7'));
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const stream = FakeEventSource.opened[0]!;
    expect(stream.url).toMatch(/\/market\/stream\?item=7$/);

    // A sale: four events at once, one refresh (the viewer's purchases too).
    for (const [id, kind] of [
      [10, 'item.sold'],
      [11, 'item.transferred'],
      [12, 'listing.cancelled'],
      [13, 'offer.cancelled'],
    ] as const) {
      stream.send({ id, kind, itemId: '7', itemKind: 'nfa' });
    }
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(4));
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['item', '7'],
      ['item-sales', '7'],
      ['market-offers'],
      ['history'],
    ]);

    // An offer: the item, its sales and the offer lists.
    stream.send({ id: 14, kind: 'offer.made', itemId: '7', itemKind: 'nfa' });
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(7));
    unmount();
    expect(stream.closed).toBe(true);
  });

  it('opens nothing for an id the market does not know', async () => {
    renderHook(() => useLiveItem('nfa-7'));
    renderHook(() => useLiveItem(null));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(FakeEventSource.opened).toHaveLength(0);
  });
});
