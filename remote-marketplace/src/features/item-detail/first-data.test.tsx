import { forgetFirstData } from '@hypertek/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';

import { cameWithThePage } from '../../test/first-data';
import { makeDetailItem, makeItem, withMarket } from '../../test/fixtures';
import { list } from '../../test/http';
import { itemReply, makeSale, serveItemApi } from '../../test/item-api';
import { renderPage } from '../../test/render';
import BuyLandPage, { pageHead, preloadFetch } from './buy-land-page';
import BuyNfaPage, {
  pageHead as nfaPageHead,
  preloadFetch as nfaPreloadFetch,
} from './buy-nfa-page';

/** Land 7 as the detail read answers it: listed by the house at 5400. */
const outpost = withMarket({
  ...makeItem('land', 7),
  _id: '7',
  id: '7',
  title: 'Neon Basin Outpost',
  serialNumber: 'LAND-0007',
  price: 5400,
});
const OUTPOST_TITLE = 'Neon Basin Outpost · Land · Hyper Tek';

const openLand = (url: string) => renderPage(<BuyLandPage />, { path: '/buy-land', url });
const itemCalls = (sent: { path: string }[]) =>
  sent.filter(({ path }) => path.startsWith('/search/item/')).map(({ path }) => path);
const heading = () => screen.queryByRole('heading', { level: 1 });

beforeEach(() => {
  // The host set the route's head before the page.
  document.title = 'Land · Hyper Tek';
});

afterEach(() => {
  document.getElementById('first-data')?.remove();
  forgetFirstData();
});

describe('the item pages, for the host web server', () => {
  it('ask it for the detail read of the address and its first sales, and give the head of its answer', () => {
    expect(preloadFetch).toEqual(['/search/item/{id}', '/activity/item/{id}?limit=10']);
    expect(nfaPreloadFetch).toEqual(['/search/item/{id}', '/activity/item/{id}?limit=10']);

    expect(pageHead({ success: true, data: outpost }, 200)).toMatchObject({
      status: 200,
      title: OUTPOST_TITLE,
      canonicalPath: '/buy-land?id=7',
    });
    expect(pageHead({ success: false }, 404)).toMatchObject({
      status: 404,
      title: 'Land not found · Hyper Tek',
    });
    expect(nfaPageHead({ success: false }, 404)?.title).toBe('NFA not found · Hyper Tek');
    expect(pageHead({ success: false }, 503)).toBeNull();
  });
});

describe('/buy-land?id= opened with its answer in the page', () => {
  it('shows the item at once, without asking the API, and titles the tab with it', async () => {
    cameWithThePage({ '/search/item/7': { success: true, data: outpost } });
    const sent = serveItemApi();

    openLand('/buy-land?id=7');

    // The first render already has it: no skeleton.
    expect(screen.queryByRole('status', { name: 'Loading land' })).not.toBeInTheDocument();
    expect(heading()).toHaveTextContent('Neon Basin Outpost');
    expect(screen.getByText('$5,400 USDT')).toBeInTheDocument();
    expect(screen.getByText('Listed')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(OUTPOST_TITLE));
    expect(
      document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content,
    ).toContain('$5,400 USDT');
    // Nothing asked for the item, now or a moment later.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(itemCalls(sent)).toEqual([]);
  });

  it('shows the sales history that came with the page at once, without asking for it', async () => {
    cameWithThePage({
      '/search/item/7': { success: true, data: outpost },
      '/activity/item/7?limit=10': list([makeSale(2, 1), makeSale(1, 3)], 'more').data,
    });
    const sent = serveItemApi();

    openLand('/buy-land?id=7');

    // Drawn with the page (the server drew the same): no skeleton rows, no request.
    const history = within(screen.getByRole('region', { name: 'Sales history' }));
    expect(history.queryByRole('status')).not.toBeInTheDocument();
    expect(history.getByText('Buyer 2')).toBeInTheDocument();
    expect(history.getByRole('button', { name: 'Show more' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent.filter(({ path }) => path.startsWith('/activity/item/'))).toEqual([]);
  });

  it("shows 'This item does not exist' for a 404 answer, without asking the API", async () => {
    cameWithThePage({ '/search/item/9': { success: false, status: 404 } });
    const sent = serveItemApi();

    openLand('/buy-land?id=9');

    expect(
      screen.getByRole('heading', { level: 1, name: 'This item does not exist' }),
    ).toBeInTheDocument();
    expect(screen.getByText('9')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Land not found · Hyper Tek'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(itemCalls(sent)).toEqual([]);
  });

  it('asks the API when the page came with the answer of another id', async () => {
    cameWithThePage({ '/search/item/8': { success: true, data: { ...outpost, _id: '8' } } });
    const sent = serveItemApi({ 'GET /search/item/*': itemReply(outpost) });

    openLand('/buy-land?id=7');

    expect(screen.getByRole('status', { name: 'Loading land' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Neon Basin Outpost' }),
    ).toBeInTheDocument();
    expect(itemCalls(sent)).toEqual(['/search/item/7']);
    expect(document.title).toBe(OUTPOST_TITLE);
  });

  it('asks the API when the answer in the page says nothing usable (a server error)', async () => {
    cameWithThePage({ '/search/item/7': { success: false, status: 500 } });
    const sent = serveItemApi({ 'GET /search/item/*': itemReply(outpost) });

    openLand('/buy-land?id=7');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Neon Basin Outpost' }),
    ).toBeInTheDocument();
    expect(itemCalls(sent)).toEqual(['/search/item/7']);
  });

  it('asks the API on a later history entry: the answer in the page is for the first only', async () => {
    cameWithThePage({ '/search/item/7': { success: true, data: outpost } });
    const sent = serveItemApi({
      'GET /search/item/*': itemReply({ ...outpost, price: 6000 }),
    });
    render(
      <MemoryRouter initialEntries={['/land', '/buy-land?id=7']} initialIndex={1}>
        <Routes>
          <Route path="/buy-land" element={<BuyLandPage />} />
        </Routes>
      </MemoryRouter>,
    );

    expect(await screen.findByText('$6,000 USDT')).toBeInTheDocument();
    expect(itemCalls(sent)).toEqual(['/search/item/7']);
  });

  it('the not-found page of an NFA is titled for NFAs', async () => {
    cameWithThePage({ '/search/item/nfa-404': { success: false, status: 404 } });
    const sent = serveItemApi();

    renderPage(<BuyNfaPage />, { path: '/buy-nfa', url: '/buy-nfa?id=nfa-404' });

    expect(
      screen.getByRole('heading', { level: 1, name: 'This item does not exist' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('NFA not found · Hyper Tek'));
    expect(itemCalls(sent)).toEqual([]);
  });

  it('titles the tab after the item once it is read (no answer in the page)', async () => {
    const relic = makeDetailItem('nfa', 18);
    serveItemApi({ 'GET /search/item/*': itemReply(relic) });

    renderPage(<BuyNfaPage />, { path: '/buy-nfa', url: '/buy-nfa?id=nfa-18' });

    // While it loads, its kind's title (never the item shown before).
    expect(document.title).toBe('NFA · Hyper Tek');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Neon Relic 18' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Neon Relic 18 · NFA · Hyper Tek'));
  });

  // The answer in the page is for its own id only: going from the first entry's item to another
  // on the same page (the search box, Back/Forward) reads that other item.
  it('reads the next item when the address moves to another id on the same page', async () => {
    cameWithThePage({ '/search/item/7': { success: true, data: outpost } });
    const other = withMarket({ ...makeItem('land', 8), _id: '8', id: '8', title: 'Eight' });
    const sent = serveItemApi({ 'GET /search/item/*': itemReply(other) });
    let go: (to: string) => void = () => undefined;
    function Navigator() {
      const navigate = useNavigate();
      go = (to) => void navigate(to);
      return null;
    }
    render(
      <MemoryRouter initialEntries={['/buy-land?id=7']}>
        <Navigator />
        <Routes>
          <Route path="/buy-land" element={<BuyLandPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(heading()).toHaveTextContent('Neon Basin Outpost');

    act(() => go('/buy-land?id=8'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Eight' })).toBeInTheDocument();
    expect(itemCalls(sent)).toEqual(['/search/item/8']);
  });
});
