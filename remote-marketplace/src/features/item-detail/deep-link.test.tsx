import { PAYMENT_ITEM_STORAGE_KEY } from '@hypertek/shared';
import { deferred } from '@hypertek/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { makeDetailItem, makeItem } from '../../test/fixtures';
import { itemReply, serveItemApi, unknownItem } from '../../test/item-api';
import { renderPage } from '../../test/render';
import BuyLandPage from './buy-land-page';
import BuyNfaPage from './buy-nfa-page';

// As the detail read answers them: with their owner and market state.
const relic18 = makeDetailItem('nfa', 18);
const relic7 = makeDetailItem('nfa', 7);
const land3 = makeDetailItem('land', 3);

const openNfa = (url: string, state: unknown = null) =>
  renderPage(<BuyNfaPage />, { path: '/buy-nfa', url, state });
const title = () => screen.queryByRole('heading', { level: 1 })?.textContent;
const address = () => screen.getByTestId('address').textContent;
const itemCalls = (sent: { path: string }[]) =>
  sent.filter(({ path }) => path.startsWith('/search/item/')).map(({ path }) => path);
const saved = (): unknown => JSON.parse(localStorage.getItem(PAYMENT_ITEM_STORAGE_KEY) ?? 'null');

describe('an item page with ?id= in the address', () => {
  it('reads the item from the server, a skeleton of the page showing meanwhile', async () => {
    const answer = deferred();
    const sent = serveItemApi({ 'GET /search/item/*': answer.route });
    openNfa('/buy-nfa?id=nfa-7');
    expect(screen.getByRole('status', { name: 'Loading NFA' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    answer.resolve(itemReply(relic7));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Neon Relic 7' }),
    ).toBeInTheDocument();
    expect(screen.getByText('$700 USDT')).toBeInTheDocument();
    expect(itemCalls(sent)).toEqual(['/search/item/nfa-7']);
    expect(saved()).toEqual(relic7);
  });

  it('wins over navigation state and the saved item of another id (a shared link shows its item)', async () => {
    localStorage.setItem(PAYMENT_ITEM_STORAGE_KEY, JSON.stringify(makeItem('nfa', 2)));
    const answer = deferred();
    serveItemApi({ 'GET /search/item/*': answer.route });
    openNfa('/buy-nfa?id=nfa-7', relic18);
    expect(title()).toBeUndefined();
    expect(screen.queryByText('Neon Relic 18')).not.toBeInTheDocument();
    answer.resolve(itemReply(relic7));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Neon Relic 7' }),
    ).toBeInTheDocument();
    expect(address()).toBe('/buy-nfa?id=nfa-7');
  });

  it('shows navigation state of the same id at once, then the fresh copy', async () => {
    const answer = deferred();
    serveItemApi({ 'GET /search/item/*': answer.route });
    openNfa('/buy-nfa?id=nfa-18', relic18);
    expect(title()).toBe('Neon Relic 18');
    expect(screen.getByText('$1,800 USDT')).toBeInTheDocument();
    answer.resolve(itemReply({ ...relic18, price: 1750.25 }));
    expect(await screen.findByText('$1,750.25 USDT')).toBeInTheDocument();
    expect(screen.queryByText('$1,800 USDT')).not.toBeInTheDocument();
  });

  it('after a reload (the address and its state kept) shows the same item', async () => {
    serveItemApi({ 'GET /search/item/*': itemReply(relic18) });
    const first = openNfa('/buy-nfa', relic18);
    await waitFor(() => expect(address()).toBe('/buy-nfa?id=nfa-18'));
    first.unmount();
    localStorage.clear();
    openNfa('/buy-nfa?id=nfa-18', relic18);
    expect(title()).toBe('Neon Relic 18');
    await waitFor(() => expect(saved()).toEqual(relic18));
  });

  it("says 'This item does not exist' for an id the server does not know, with ways back", async () => {
    const sent = serveItemApi({ 'GET /search/item/*': unknownItem });
    openNfa('/buy-nfa?id=999999');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This item does not exist' }),
    ).toBeInTheDocument();
    expect(screen.getByText('999999')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the MarketPlace' })).toHaveAttribute(
      'href',
      '/market-place',
    );
    expect(screen.getByRole('link', { name: 'Browse NFAs' })).toHaveAttribute(
      'href',
      '/nfa-expand',
    );
    expect(screen.queryByRole('button', { name: 'Buy Now' })).not.toBeInTheDocument();
    expect(itemCalls(sent)).toEqual(['/search/item/999999']);
  });

  it('is not found even when stale state of that id came with it', async () => {
    serveItemApi({ 'GET /search/item/*': unknownItem });
    openNfa('/buy-nfa?id=nfa-18', relic18);
    expect(title()).toBe('Neon Relic 18');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This item does not exist' }),
    ).toBeInTheDocument();
  });

  it('shows an error with Try again when the server cannot be reached, and loads on retry', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    const sent = serveItemApi({
      'GET /search/item/*': () => {
        calls += 1;
        return calls === 1 ? { status: 503, data: {} } : itemReply(relic7);
      },
    });
    openNfa('/buy-nfa?id=nfa-7');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This item could not be loaded' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The marketplace did not answer');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Neon Relic 7' }),
    ).toBeInTheDocument();
    expect(itemCalls(sent)).toEqual(['/search/item/nfa-7', '/search/item/nfa-7']);
    errors.mockRestore();
  });

  it('keeps showing the item of the same id when the fresh copy cannot be read', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const sent = serveItemApi({ 'GET /search/item/*': { status: 503, data: {} } });
    openNfa('/buy-nfa?id=nfa-18', relic18);
    await waitFor(() => expect(itemCalls(sent).length).toBeGreaterThan(0));
    await waitFor(() => expect(errors).toHaveBeenCalled());
    expect(title()).toBe('Neon Relic 18');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    errors.mockRestore();
  });

  it("sends a land's id on /buy-nfa to /buy-land, same id, with the land", async () => {
    serveItemApi({ 'GET /search/item/*': itemReply(land3) });
    openNfa('/buy-nfa?id=land-3');
    expect(await screen.findByRole('heading', { name: 'Landed on /buy-land' })).toBeInTheDocument();
    expect(address()).toBe('/buy-land?id=land-3');
    expect(JSON.parse(screen.getByTestId('state').textContent)).toEqual(land3);
  });
});

describe('an item page without ?id=', () => {
  it('shows the item of navigation state and writes its id into the address, state kept', async () => {
    const sent = serveItemApi();
    openNfa('/buy-nfa', relic18);
    expect(title()).toBe('Neon Relic 18');
    await waitFor(() => expect(address()).toBe('/buy-nfa?id=nfa-18'));
    expect(title()).toBe('Neon Relic 18');
    // The item came with the navigation: nothing to read again.
    expect(itemCalls(sent)).toEqual([]);
  });

  it('reads again an item that came without its market state (a list card, an old saved item)', async () => {
    const bare = makeItem('nfa', 18);
    const answer = deferred();
    const sent = serveItemApi({ 'GET /search/item/*': answer.route });
    openNfa('/buy-nfa', bare);
    expect(title()).toBe('Neon Relic 18');
    await waitFor(() => expect(address()).toBe('/buy-nfa?id=nfa-18'));
    expect(title()).toBe('Neon Relic 18');
    answer.resolve(
      itemReply({
        ...relic18,
        owner: 'Nova Pilot',
        market: { ...relic18.market, owner: { id: 'u2', name: 'Nova Pilot' } },
      }),
    );
    expect(await screen.findByText('Nova Pilot')).toBeInTheDocument();
    expect(itemCalls(sent)).toEqual(['/search/item/nfa-18']);
  });

  it('prefers navigation state to the saved item', async () => {
    localStorage.setItem(PAYMENT_ITEM_STORAGE_KEY, JSON.stringify(relic7));
    serveItemApi();
    openNfa('/buy-nfa', relic18);
    expect(title()).toBe('Neon Relic 18');
    await waitFor(() => expect(address()).toBe('/buy-nfa?id=nfa-18'));
  });

  it('falls back to the saved paymentItem, and gives it its address', async () => {
    localStorage.setItem(PAYMENT_ITEM_STORAGE_KEY, JSON.stringify(relic7));
    serveItemApi();
    openNfa('/buy-nfa');
    expect(title()).toBe('Neon Relic 7');
    await waitFor(() => expect(address()).toBe('/buy-nfa?id=nfa-7'));
  });

  it('shows the empty collection when there is nothing at all, and leaves the address alone', () => {
    const sent = serveItemApi();
    openNfa('/buy-nfa');
    expect(screen.getByText('No Items')).toBeInTheDocument();
    expect(address()).toBe('/buy-nfa');
    expect(sent).toEqual([]);
  });

  it("sends a saved land opened on /buy-nfa to the land's own address", async () => {
    localStorage.setItem(PAYMENT_ITEM_STORAGE_KEY, JSON.stringify(land3));
    serveItemApi();
    openNfa('/buy-nfa');
    await waitFor(() => expect(address()).toBe('/buy-land?id=land-3'));
  });
});

describe('/buy-land with ?id=', () => {
  it('loads the land and offers the way back to the lands when it is unknown', async () => {
    serveItemApi({ 'GET /search/item/*': unknownItem });
    renderPage(<BuyLandPage />, { path: '/buy-land', url: '/buy-land?id=42' });
    const notice = await screen.findByRole('region', { name: 'This item does not exist' });
    expect(within(notice).getByText(/No land has the id/)).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Browse lands' })).toHaveAttribute(
      'href',
      '/land',
    );
  });
});
