import { useDocumentHead } from '@hypertek/shared';
import { act, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';

import { NOT_FOUND_HEAD } from '../../components/not-found';
import { loadRemoteMock, remotesUp } from '../../testing/remotes';
import { renderAt, renderPage } from '../../testing/render';
import { ROUTE_META } from '../route-meta';
import { REMOTE_ROUTES, ROUTE_TABLE, type RoutePath } from '../route-table';

const description = () =>
  document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

/** The paths search engines may list: the marketing pages, the catalogue, sign-in and sign-up. */
const PUBLIC_PATHS = [
  ...Object.keys(ROUTE_TABLE.marketing),
  '/market-place',
  '/nfa-expand',
  '/land',
  '/signup',
  '/signin',
];

beforeEach(() => {
  document.title = '';
  document.head.innerHTML = '';
});

describe('ROUTE_META', () => {
  it.each(REMOTE_ROUTES.map(({ path }) => [path]))(
    "%s has a title ending in ' · Hyper Tek' and a description",
    (path) => {
      const meta = ROUTE_META[path];
      expect(meta).toBeDefined();
      expect(meta.title).toMatch(/^\S.* · Hyper Tek$/);
      expect(meta.description.trim()).not.toBe('');
    },
  );

  it('has an entry for every path of the route table, and no other', () => {
    const paths = Object.values(ROUTE_TABLE).flatMap((table) => Object.keys(table));
    expect(Object.keys(ROUTE_META).sort()).toEqual([...paths].sort());
  });

  it.each(PUBLIC_PATHS.map((path) => [path]))('lets search engines list %s', (path) => {
    expect(ROUTE_META[path as RoutePath].index).toBe(true);
  });

  it('lists exactly the public pages: no account, checkout, item or offer page', () => {
    const indexed = REMOTE_ROUTES.filter(({ path }) => ROUTE_META[path].index === true).map(
      ({ path }) => path,
    );
    expect(indexed.sort()).toEqual([...PUBLIC_PATHS].sort());
  });

  it.each([
    ...Object.keys(ROUTE_TABLE.checkout),
    ...Object.keys(ROUTE_TABLE.account).filter((path) => !['/signup', '/signin'].includes(path)),
    '/personal-activity',
    '/buy-nfa',
    '/buy-land',
    '/offer-recieved',
    '/offer-received',
    '/no-offer',
    '/watchlist',
  ])('keeps %s out of search engines', (path) => {
    expect(ROUTE_META[path as RoutePath].index).not.toBe(true);
  });

  it('gives the home page its tagline, the catalogue and items their names', () => {
    expect(ROUTE_META['/'].title).toBe('Pilot, race and conquer in 2117 · Hyper Tek');
    expect(ROUTE_META['/market-place'].title).toBe('Market Place · Hyper Tek');
    expect(ROUTE_META['/land'].title).toBe('Land · Hyper Tek');
    expect(ROUTE_META['/buy-nfa'].title).toBe('NFA · Hyper Tek');
    expect(ROUTE_META['/Lands'].title).toBe('Your lands · Hyper Tek');
  });
});

describe("the document's head while navigating", () => {
  /** The document's title once the route's head has been written (the table loads lazily). */
  const titleBecomes = (title: string) => waitFor(() => expect(document.title).toBe(title));

  it("is the route's title and description on the first page, and follows each navigation", async () => {
    const { navigate } = await renderPage('/about');
    await titleBecomes('About · Hyper Tek');
    expect(description()).toBe(ROUTE_META['/about'].description);

    await navigate('/land');
    await titleBecomes('Land · Hyper Tek');
    expect(description()).toBe(ROUTE_META['/land'].description);
    expect(await screen.findByRole('heading', { name: 'marketplace/land' })).toBeInTheDocument();

    await navigate(-1);
    expect(await screen.findByRole('heading', { name: 'marketing/about' })).toBeInTheDocument();
    await titleBecomes('About · Hyper Tek');
    expect(description()).toBe(ROUTE_META['/about'].description);
  });

  it('is set while the page is still loading (before the remote has answered)', async () => {
    let answer: (page: { default: () => ReactElement }) => void = () => undefined;
    loadRemoteMock.mockImplementation(
      () => new Promise((resolve) => (answer = resolve as typeof answer)),
    );
    renderAt('/faq');

    await titleBecomes('FAQ · Hyper Tek');
    expect(screen.getByTestId('route-loading')).toBeInTheDocument();
    act(() => answer({ default: () => <h1>faq</h1> }));
    expect(await screen.findByRole('heading', { name: 'faq' })).toBeInTheDocument();
  });

  it("is the route's on a path with a parameter and whatever the case of the address", async () => {
    const { navigate } = await renderPage('/reset-password/abc123');
    await titleBecomes('Choose a new password · Hyper Tek');

    await navigate('/LANDS');
    await titleBecomes('Your lands · Hyper Tek');
  });

  it("is 'Page not found · Hyper Tek' on a path no app owns, and the route's once back", async () => {
    const { navigate } = await renderPage('/market-place');
    await titleBecomes('Market Place · Hyper Tek');

    await navigate('/nope/deeper');
    expect(screen.getByRole('heading', { name: 'Opps! 404' })).toBeInTheDocument();
    await titleBecomes('Page not found · Hyper Tek');
    expect(description()).toBe(NOT_FOUND_HEAD.description);

    await navigate('/news');
    await titleBecomes('News · Hyper Tek');
    expect(description()).toBe(ROUTE_META['/news'].description);
  });

  it("is 'Page not found · Hyper Tek' when the document opens on an unknown path", async () => {
    renderAt('/no-such-page');

    expect(screen.getByRole('heading', { name: 'Opps! 404' })).toBeInTheDocument();
    await titleBecomes('Page not found · Hyper Tek');
    expect(NOT_FOUND_HEAD.title).toBe('Page not found · Hyper Tek');
  });

  describe('with a page that knows better (an item page)', () => {
    const ITEM_HEAD = { title: 'Neon Basin Outpost · Land · Hyper Tek', description: 'A parcel.' };
    function ItemPage() {
      useDocumentHead(ITEM_HEAD);
      return <h1>an item</h1>;
    }
    beforeEach(() => remotesUp({ 'marketplace/buy-land': ItemPage }));

    it("shows the page's own head over the route's, and the next route's once it is left", async () => {
      const { navigate } = await renderPage('/buy-land?id=7');
      expect(screen.getByRole('heading', { name: 'an item' })).toBeInTheDocument();
      await titleBecomes(ITEM_HEAD.title);
      expect(description()).toBe('A parcel.');

      await navigate('/land');
      await titleBecomes('Land · Hyper Tek');
      expect(description()).toBe(ROUTE_META['/land'].description);
    });

    it("keeps the page's head when coming back to it (page and route appear at once)", async () => {
      const { navigate } = await renderPage('/buy-land?id=7');
      await titleBecomes(ITEM_HEAD.title);
      await navigate('/faq');
      await titleBecomes('FAQ · Hyper Tek');

      await navigate('/buy-land?id=7');

      expect(screen.getByRole('heading', { name: 'an item' })).toBeInTheDocument();
      await titleBecomes(ITEM_HEAD.title);
      // And it stays: the route's head, written after, does not undo it.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(document.title).toBe(ITEM_HEAD.title);
      expect(description()).toBe('A parcel.');
    });
  });
});
