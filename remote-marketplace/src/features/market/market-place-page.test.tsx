import { MESSAGES } from '@hypertek/shared';
import {
  deferred,
  fakeIntersectionObserver,
  linkTargets,
  makeActivity,
  serveApi,
} from '@hypertek/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { makeItems } from '../../test/fixtures';
import { cameWithThePage } from '../../test/first-data';
import { list } from '../../test/http';
import { renderPage } from '../../test/render';
import MarketPlacePage, { preloadFetch } from './market-place-page';
import { HERO_STATS } from '../../data/constants';

const open = () => renderPage(<MarketPlacePage />, { path: '/market-place' });
const section = (name: string) => screen.getByRole('region', { name });

const serveAll = () =>
  serveApi({
    'GET /market/getMarket': list(makeItems('nfa', 6)),
    'GET /land/getland': list(makeItems('land', 6)),
    'GET /activity/getActivity': list([0, 1, 2, 3, 4, 5, 6].map((n) => makeActivity(n, n * 2))),
  });

/**
 * Opens the page, clicks 'Buy Now' on a card of a section, and checks that the item's page is
 * where it landed (`path`); gives back the navigation state it was opened with.
 */
async function buyNow(sectionTitle: string, itemTitle: string, path: string): Promise<unknown> {
  serveAll();
  open();
  await userEvent.click(
    await within(section(sectionTitle)).findByRole('link', { name: `Buy Now: ${itemTitle}` }),
  );
  expect(await screen.findByRole('heading', { name: `Landed on ${path}` })).toBeInTheDocument();
  return JSON.parse(screen.getByTestId('state').textContent);
}

// A browser that tells what is near the screen: the market figures, below the first screen, wait
// for it (only the test below brings them near).
const observer = fakeIntersectionObserver();
let errors: jest.SpyInstance;
beforeEach(() => {
  observer.install();
  errors = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  errors.mockRestore();
  observer.remove();
});

describe('/market-place', () => {
  it('shows the hero: heading, paragraph, the four static tiles and the search box', async () => {
    serveAll();
    open();
    expect(
      screen.getByRole('heading', { level: 1, name: 'A New Era Dawns in Hyper Tek' }),
    ).toBeInTheDocument();
    const tiles = HERO_STATS.map(({ label }) => screen.getByText(label).parentElement);
    expect(tiles.map((tile) => tile?.textContent)).toEqual([
      'Total Item5K',
      'Total Volume50.5K',
      'Listed3.5K',
      'Owners2.6K',
    ]);
    expect(screen.getByPlaceholderText('Search...')).toBeInTheDocument();
    await screen.findAllByRole('link', { name: /^Buy Now/ });
  });

  it('has the marketplace tabs, Overview highlighted', async () => {
    serveAll();
    open();
    const nav = screen.getByRole('navigation', { name: 'Marketplace' });
    const tabs = within(nav);
    expect(linkTargets(nav)).toEqual([
      ['Overview', '/market-place'],
      ['Collectibles', '/nfa-expand'],
      ['Lands', '/land'],
      ['Activities', '/personal-activity'],
    ]);
    expect(tabs.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    expect(tabs.getByRole('link', { name: 'Lands' })).not.toHaveAttribute('aria-current');
    await screen.findAllByRole('link', { name: /^Buy Now/ });
  });

  it('shows the first 4 NFAs and 4 lands, asking the server for just those', async () => {
    const sent = serveAll();
    open();
    const nfas = within(section('NFA'));
    expect(await nfas.findAllByRole('link', { name: /^Buy Now/ })).toHaveLength(4);
    expect(nfas.getByText('Neon Relic 4')).toBeInTheDocument();
    expect(nfas.queryByText('Neon Relic 5')).not.toBeInTheDocument();
    expect(within(section('LAND')).getAllByRole('link', { name: /^Buy Now/ })).toHaveLength(4);
    expect(nfas.getByRole('link', { name: /Explore All/ })).toHaveAttribute('href', '/nfa-expand');
    expect(within(section('LAND')).getByRole('link', { name: /Expand All/ })).toHaveAttribute(
      'href',
      '/land',
    );
    expect(sent.map(({ path, params }) => [path, params.limit])).toEqual(
      expect.arrayContaining([
        ['/market/getMarket', 4],
        ['/land/getland', 4],
        ['/activity/getActivity', 5],
      ]),
    );
  });

  it("'Buy Now' opens the item's detail page with the item as navigation state", async () => {
    expect(await buyNow('NFA', 'Neon Relic 2', '/buy-nfa')).toMatchObject({
      _id: 'nfa-2',
      title: 'Neon Relic 2',
      price: 200,
    });
  });

  it("a LAND card's 'Buy Now' opens /buy-land with the land", async () => {
    expect(await buyNow('LAND', 'Sector 3 Parcel', '/buy-land')).toMatchObject({ _id: 'land-3' });
  });

  it('shows the first 5 activities with their ages in whole days', async () => {
    serveAll();
    open();
    const table = await within(section('ACTIVITIES')).findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Type', 'Buyer', 'Seller', 'Price', 'Time']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    expect(rows.map((row) => row.lastElementChild?.textContent)).toEqual([
      '0d',
      '2d',
      '4d',
      '6d',
      '8d',
    ]);
  });

  it('keeps each loading indicator until its own call finishes', async () => {
    const market = deferred();
    const lands = deferred();
    const activity = deferred();
    serveApi({
      'GET /market/getMarket': market.route,
      'GET /land/getland': lands.route,
      'GET /activity/getActivity': activity.route,
    });
    open();
    const spinners = () => screen.queryAllByRole('status').map((s) => s.getAttribute('aria-label'));
    expect(spinners()).toEqual(['Loading NFA', 'Loading LAND', 'Loading ACTIVITIES']);

    lands.resolve(list(makeItems('land', 2)));
    await waitFor(() => expect(spinners()).toEqual(['Loading NFA', 'Loading ACTIVITIES']));
    expect(within(section('LAND')).getAllByRole('link', { name: /^Buy Now/ })).toHaveLength(2);

    activity.resolve({ status: 500, data: { message: 'down' } });
    await waitFor(() => expect(spinners()).toEqual(['Loading NFA']));

    market.resolve(list(makeItems('nfa', 1)));
    await waitFor(() => expect(spinners()).toEqual([]));
  });

  it("logs 'Failed to fetch market data' with the server's message and leaves the list empty", async () => {
    serveApi({
      'GET /market/getMarket': { data: { success: false, message: 'Market closed', data: [] } },
      'GET /land/getland': list(makeItems('land', 4)),
      'GET /activity/getActivity': list([]),
    });
    open();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(errors).toHaveBeenCalledWith(MESSAGES.marketFetchFailed, 'Market closed');
    const nfas = within(section('NFA'));
    expect(nfas.queryByRole('link', { name: /^Buy Now/ })).not.toBeInTheDocument();
    expect(nfas.getByText('No Items')).toBeInTheDocument();
    expect(nfas.getByRole('link', { name: 'Browse Collection' })).toBeInTheDocument();
  });

  it("logs 'Error fetching market data' when a call throws, showing nothing else to the user", async () => {
    serveApi({
      'GET /market/getMarket': { status: 500, data: { message: 'boom' } },
      'GET /land/getland': { status: 503, data: {} },
      'GET /activity/getActivity': { status: 500, data: {} },
    });
    open();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(errors.mock.calls.filter(([first]) => first === MESSAGES.marketFetchError)).toHaveLength(
      3,
    );
    expect(screen.queryByRole('link', { name: /^Buy Now/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('/market-place market figures', () => {
  it('come after the activities and are read only once near the screen', async () => {
    const sent = serveAll();
    open();
    await within(section('ACTIVITIES')).findByRole('table');
    const figures = section('MARKET FIGURES');
    expect(
      section('ACTIVITIES').compareDocumentPosition(figures) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(sent.filter(({ path }) => path === '/market/figures')).toHaveLength(0);

    act(() => observer.enter());
    await waitFor(() =>
      expect(sent.filter(({ path }) => path === '/market/figures').map((r) => r.params)).toEqual(
        expect.arrayContaining([{ kind: 'nfa' }, { kind: 'land' }]),
      ),
    );
    expect(preloadFetch.some((read) => read.startsWith('/market/figures'))).toBe(false);
  });
});

describe('/market-place with its lists in the HTML', () => {
  it('shows the lists the page came with at once, without asking the API', () => {
    const [marketRead, landRead, activityRead] = preloadFetch;
    const remove = cameWithThePage({
      [marketRead!]: list(makeItems('nfa', 4)).data,
      [landRead!]: list(makeItems('land', 4)).data,
      [activityRead!]: list([0, 1, 2].map((n) => makeActivity(n, n * 2))).data,
    });
    const sent = serveAll();
    open();

    // The first render has them: no loading state, no request.
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(within(section('NFA')).getAllByRole('link', { name: /^Buy Now/ })).toHaveLength(4);
    expect(within(section('LAND')).getAllByRole('link', { name: /^Buy Now/ })).toHaveLength(4);
    expect(within(section('ACTIVITIES')).getAllByRole('row')).toHaveLength(4);
    expect(sent).toHaveLength(0);
    remove();
  });

  it('asks the API for a list the page did not come with', async () => {
    const remove = cameWithThePage({ [preloadFetch[0]!]: list(makeItems('nfa', 4)).data });
    const sent = serveAll();
    open();

    expect(within(section('NFA')).getAllByRole('link', { name: /^Buy Now/ })).toHaveLength(4);
    await waitFor(() =>
      expect(sent.map(({ path }) => path).sort()).toEqual([
        '/activity/getActivity',
        '/land/getland',
      ]),
    );
    remove();
  });
});
