import { setRuntimeConfig, type MarketEvent } from '@hypertek/shared';
import { fakeEventSource, FakeEventSource } from '@hypertek/shared/testing';

import { marketStreamUrl, openMarketEvents } from './live-events';

const event = (id: number): Partial<MarketEvent> & { id: number } => ({
  id,
  kind: 'offer.made',
  itemId: '7',
});
let removeEventSource = () => {};

describe('live market events', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    removeEventSource = fakeEventSource();
    setRuntimeConfig({ apiBaseUrl: 'https://api.example/api/v1' });
  });
  afterEach(() => {
    jest.useRealTimers();
    removeEventSource();
  });

  it("addresses the stream under the API's base, with its filter and where to resume", () => {
    expect(marketStreamUrl('https://api.example/api/v1/', {})).toBe(
      'https://api.example/api/v1/market/stream',
    );
    expect(marketStreamUrl('https://api.example/api/v1', { item: '7', kind: 'nfa' }, '42')).toBe(
      'https://api.example/api/v1/market/stream?item=7&kind=nfa&after=42',
    );
  });

  it('hands each event over; a stream the browser gave up is opened again from the last event', () => {
    const seen: unknown[] = [];
    const close = openMarketEvents({ item: '7' }, (e) => seen.push(e.id));
    const first = FakeEventSource.opened[0]!;
    expect(first.url).toBe('https://api.example/api/v1/market/stream?item=7');
    first.send(event(5));
    first.send(event(6));
    expect(seen).toEqual([5, 6]);

    // Reconnecting by itself (CONNECTING): nothing to do.
    first.onerror?.();
    expect(FakeEventSource.opened).toHaveLength(1);
    // Refused (CLOSED): opened again after a pause, from the last event received.
    first.readyState = FakeEventSource.CLOSED;
    first.onerror?.();
    jest.advanceTimersByTime(5_000);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.opened[1]!.url).toBe(
      'https://api.example/api/v1/market/stream?item=7&after=6',
    );
    close();
    expect(FakeEventSource.opened[1]!.closed).toBe(true);
  });

  it('shares one stream per filter between listeners; the last to leave closes it', () => {
    const bell: unknown[] = [];
    const table: unknown[] = [];
    const leaveBell = openMarketEvents({}, (e) => bell.push(e.id));
    const leaveTable = openMarketEvents({}, (e) => table.push(e.id));
    const leaveItem = openMarketEvents({ item: '7' }, () => {});
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual([
      'https://api.example/api/v1/market/stream',
      'https://api.example/api/v1/market/stream?item=7',
    ]);
    const every = FakeEventSource.opened[0]!;
    every.send(event(8));
    expect([bell, table]).toEqual([[8], [8]]);

    leaveBell();
    leaveBell(); // twice: still one listener gone
    every.send(event(9));
    expect([bell, table]).toEqual([[8], [8, 9]]);
    expect(every.closed).toBe(false);
    leaveTable();
    expect(every.closed).toBe(true);
    leaveItem();

    // A listener after that opens a new stream.
    const again = openMarketEvents({}, () => {});
    expect(FakeEventSource.opened).toHaveLength(3);
    again();
  });

  it('does nothing without an EventSource (a server render)', () => {
    removeEventSource();
    const close = openMarketEvents({}, () => {});
    expect(FakeEventSource.opened).toHaveLength(0);
    close();
  });
});
