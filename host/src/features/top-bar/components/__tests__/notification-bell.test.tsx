import { setRuntimeConfig, type Notification } from '@hypertek/shared';
import {
  fakeEventSource,
  FakeEventSource,
  serveApi,
  signIn,
  type SentRequest,
} from '@hypertek/shared/testing';
import { act, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';

import { renderPage } from '../../../../testing/render';
import { remotesUp } from '../../../../testing/remotes';
import { ago, BELL_REFRESH_MS } from '../notification-bell';
import { BELL_LIVE_MS } from '../use-live-bell';

const NOW = Date.parse('2117-03-01T12:00:00Z');

const note = (id: string, text: string, read: boolean, minutesAgo: number): Notification => ({
  id,
  kind: 'offer.received',
  text,
  itemId: id === '3' ? '165' : '12',
  itemKind: id === '3' ? 'land' : 'nfa',
  title: 'Neo Mech',
  offerId: null,
  price: 120,
  priceCents: 12_000,
  reservedUntil: null,
  at: new Date(NOW - minutesAgo * 60_000).toISOString(),
  read,
});

const FIRST = [
  note('3', 'You got an offer of $120.00 on Neo Plains', false, 5),
  note('2', 'Your offer on Neo Mech was accepted', false, 90),
];
const SECOND = [note('1', 'Neo Mech sold for $300.00', true, 3000)];

function ItemPage() {
  const { pathname, search } = useLocation();
  return <h1>item page {`${pathname}${search}`}</h1>;
}

/** Signed in at /, the API's notification calls answering like the API. */
async function setUp() {
  setRuntimeConfig({ apiBaseUrl: 'http://api.test/api/v1' });
  signIn();
  remotesUp({ 'marketplace/buy-nfa': ItemPage, 'marketplace/buy-land': ItemPage });
  let unread = 2;
  const requests = serveApi({
    'GET /notifications': (request: SentRequest) =>
      request.params.cursor === 'c2'
        ? { data: { success: true, message: '', data: SECOND, nextCursor: null, unread } }
        : { data: { success: true, message: '', data: FIRST, nextCursor: 'c2', unread } },
    'POST /notifications/3/read': () => {
      unread = 1;
      return { data: { success: true, message: '', unread } };
    },
    'POST /notifications/read-all': () => {
      unread = 0;
      return { data: { success: true, message: '', unread } };
    },
  });
  const rendered = await renderPage('/');
  await flush(); // the bell's chunk and its first read
  const lists = () => requests.filter((r) => r.method === 'GET' && r.path === '/notifications');
  const setUnread = (count: number) => {
    unread = count;
  };
  return { ...rendered, requests, lists, setUnread };
}

/** Lets the answers on their way arrive, as React sees them (inside act). */
const flush = async () => {
  for (let i = 0; i < 5; i++) await act(() => jest.advanceTimersByTimeAsync(10));
};
const bell = () => screen.findByRole('button', { name: /^Notifications/ });
const panel = () => screen.getByRole('region', { name: 'Notifications' });

beforeEach(() => {
  jest.useFakeTimers({ now: NOW });
});
afterEach(() => jest.useRealTimers());

describe('notification bell', () => {
  it('shows the unread count from the first page, and is not there signed out', async () => {
    const { lists } = await setUp();
    const button = await bell();
    expect(button).toHaveAccessibleName('Notifications, 2 unread');
    expect(screen.getByTestId('bell-count')).toHaveTextContent('2');
    expect(lists().map((r) => r.params)).toEqual([{ limit: 10 }]);
  });

  it('opens the list newest first, with when; "Load more" asks the next page', async () => {
    const { user, lists } = await setUp();
    await user.click(await bell());
    await flush();
    const items = within(panel()).getAllByRole('link');
    expect(items.map((a) => a.textContent)).toEqual([
      'You got an offer of $120.00 on Neo Plains5 min ago',
      'Your offer on Neo Mech was accepted2 h ago',
    ]);
    await user.click(within(panel()).getByRole('button', { name: 'Load more' }));
    expect(lists().at(-1)?.params).toEqual({ limit: 10, cursor: 'c2' });
    await flush();
    expect(within(panel()).getAllByRole('link')).toHaveLength(3);
    expect(within(panel()).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('opening one marks it read and goes to its item', async () => {
    const { user, requests } = await setUp();
    await user.click(await bell());
    await user.click(within(panel()).getByRole('link', { name: /Neo Plains/ }));
    expect(
      await screen.findByRole('heading', { name: 'item page /buy-land?id=165' }),
    ).toBeVisible();
    expect(requests.some((r) => r.method === 'POST' && r.path === '/notifications/3/read')).toBe(
      true,
    );
    await flush();
    expect(await bell()).toHaveAccessibleName('Notifications, 1 unread');
  });

  it('"Mark all as read" clears the count', async () => {
    const { user } = await setUp();
    await user.click(await bell());
    await user.click(within(panel()).getByRole('button', { name: 'Mark all as read' }));
    await flush();
    expect(await bell()).toHaveAccessibleName('Notifications');
    expect(screen.queryByTestId('bell-count')).not.toBeInTheDocument();
  });

  it('reads the count again every minute while the tab is shown', async () => {
    const { lists } = await setUp();
    await bell();
    await act(() => jest.advanceTimersByTimeAsync(BELL_REFRESH_MS));
    await flush();
    expect(lists()).toHaveLength(2);
  });

  it('reads the count again after market events, once per burst, without a remount', async () => {
    const removeEventSource = fakeEventSource();
    try {
      const { lists, setUnread } = await setUp();
      const button = await bell();
      expect(button).toHaveAccessibleName('Notifications, 2 unread');
      await act(() => jest.advanceTimersByTimeAsync(2_100)); // the stream opens once idle
      expect(FakeEventSource.opened).toHaveLength(1);
      const stream = FakeEventSource.opened[0]!;
      expect(stream.url).toMatch(/\/market\/stream$/);

      // B's offer on A's item; the worker has written A's notification by the first read.
      setUnread(3);
      stream.send({ id: 40, kind: 'offer.made', itemId: '12', itemKind: 'nfa' });
      stream.send({ id: 41, kind: 'offer.replaced', itemId: '12', itemKind: 'nfa' });
      await act(() => jest.advanceTimersByTimeAsync(BELL_LIVE_MS[0]));
      await flush();
      expect(lists()).toHaveLength(2);
      expect(button).toHaveAccessibleName('Notifications, 3 unread');
      expect(screen.getByTestId('bell-count')).toHaveTextContent('3');
      expect(await bell()).toBe(button);
      // Risen: no further read for this burst.
      await act(() => jest.advanceTimersByTimeAsync(BELL_LIVE_MS[2]));
      expect(lists()).toHaveLength(2);

      // Another event, the worker late: read again at 3 s, where the count has risen, then no more.
      stream.send({ id: 42, kind: 'offer.made', itemId: '12', itemKind: 'nfa' });
      await act(() => jest.advanceTimersByTimeAsync(BELL_LIVE_MS[0]));
      await flush();
      expect(lists()).toHaveLength(3);
      expect(button).toHaveAccessibleName('Notifications, 3 unread');
      setUnread(4);
      await act(() => jest.advanceTimersByTimeAsync(BELL_LIVE_MS[1] - BELL_LIVE_MS[0]));
      await flush();
      expect(lists()).toHaveLength(4);
      expect(button).toHaveAccessibleName('Notifications, 4 unread');
      await act(() => jest.advanceTimersByTimeAsync(BELL_LIVE_MS[2]));
      expect(lists()).toHaveLength(4);

      // An event that concerns nobody here: three reads, then quiet.
      stream.send({ id: 43, kind: 'listing.created', itemId: '99', itemKind: 'land' });
      await act(() => jest.advanceTimersByTimeAsync(BELL_LIVE_MS[2] + 100));
      await flush();
      expect(lists()).toHaveLength(7);
    } finally {
      removeEventSource();
    }
  });
});

describe('ago', () => {
  it('says minutes, hours or days', () => {
    expect(ago(new Date(NOW - 20_000).toISOString(), NOW)).toBe('just now');
    expect(ago(new Date(NOW - 5 * 60_000).toISOString(), NOW)).toBe('5 min ago');
    expect(ago(new Date(NOW - 3 * 3_600_000).toISOString(), NOW)).toBe('3 h ago');
    expect(ago(new Date(NOW - 50 * 3_600_000).toISOString(), NOW)).toBe('2 d ago');
  });
});
