import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';

import { scrollIntoView } from '../../../test/browser-stubs';
import { holdRequests, requestTo } from '../../../test/market-server';
import { renderPage } from '../../../test/render-page';
import HomePage from '../home-page';

const item = (n: number, overrides: Record<string, unknown> = {}) => ({
  _id: `id-${n}`,
  id: `id-${n}`,
  title: `Item ${n}`,
  serialNumber: `SN-${n}`,
  price: 100 * n,
  image: `/uploads/item-${n}.png`,
  kind: 'nfa',
  ...overrides,
});
const list = (count: number, kind = 'nfa') =>
  Array.from({ length: count }, (_, i) => item(i + 1, { kind, title: `${kind} ${i + 1}` }));

const section = (name: string) => screen.getByRole('region', { name });

/** The home page, scrolled down to its two lists (they read nothing before they come near). */
function renderHome(): void {
  renderPage(<HomePage />);
  act(() => {
    scrollIntoView(section('Popular Collections'));
    scrollIntoView(section('MarketPlace'));
  });
}

let errorLog: jest.SpyInstance;
beforeEach(() => {
  errorLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => errorLog.mockRestore());

describe('Home page', () => {
  it('shows the hero, the ticker, the story, the news and the four steps', () => {
    holdRequests();
    renderHome();

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Hyper Tek');
    expect(screen.getByRole('link', { name: 'MarketPlace' })).toHaveAttribute(
      'href',
      '/market-place',
    );
    expect(screen.getByRole('button', { name: 'Download Game' })).toHaveClass('mk-desktop-only');

    const ticker = screen.getByTestId('brand-ticker');
    const [track] = ticker.querySelectorAll('ul');
    const labels = within(track as HTMLElement).getAllByText('HYPER TEK 2117');
    expect(labels).toHaveLength(10);
    // Only the first three stay on phones (the rest carry the wide-screen class).
    expect(labels.filter((label) => !label.classList.contains('mk-ticker-item-wide'))).toHaveLength(
      3,
    );

    for (const mode of ['Quest', 'Racing', 'Overlord Realm']) {
      expect(screen.getByRole('heading', { name: mode })).toBeInTheDocument();
    }
    expect(
      within(section('Latest News')).getAllByText('New update coming up on the 25th of august'),
    ).toHaveLength(3);
    expect(within(section('Latest News')).getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'More News' })).toBeInTheDocument();

    const steps = within(section('How It Works')).getAllByRole('listitem');
    expect(steps.map((step) => within(step).getByRole('heading').textContent)).toEqual([
      'Connect a wallet',
      'Explore collections',
      'Collect and trade',
      'Earn and grow',
    ]);
  });

  it("'Download Game' and 'More News' do nothing", () => {
    holdRequests();
    renderHome();
    fireEvent.click(screen.getByRole('button', { name: 'Download Game' }));
    fireEvent.click(screen.getByRole('button', { name: 'More News' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('reads each list only once it comes near the screen (they are far below the fold)', async () => {
    const pending = holdRequests();
    renderPage(<HomePage />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pending).toHaveLength(0);
    act(() => scrollIntoView(section('Popular Collections')));
    await waitFor(() => expect(pending).toHaveLength(1));
    expect(requestTo(pending, '/market/getMarket').params).toEqual({ limit: 4 });
    act(() => scrollIntoView(section('MarketPlace')));
    await waitFor(() => expect(pending).toHaveLength(2));
    expect(requestTo(pending, '/land/getland').params).toEqual({ limit: 4 });
  });

  it('loads four NFAs and four land parcels, each card with image, title, price and Buy Now', async () => {
    const pending = holdRequests();
    renderHome();

    await waitFor(() => expect(pending).toHaveLength(2));
    expect(requestTo(pending, '/market/getMarket').params).toEqual({ limit: 4 });
    expect(requestTo(pending, '/land/getland').params).toEqual({ limit: 4 });

    requestTo(pending, '/market/getMarket').reply({ success: true, data: list(6) });
    requestTo(pending, '/land/getland').reply({ success: true, data: list(3, 'land') });

    const popular = section('Popular Collections');
    await waitFor(() => expect(within(popular).getAllByRole('article')).toHaveLength(4));
    const first = within(popular).getAllByRole('article')[0]!;
    expect(within(first).getByRole('heading', { name: 'nfa 1' })).toBeInTheDocument();
    // The home's lists are below the first screen: a card's picture is asked for once it is near.
    const image = within(first).getByRole('img', { name: 'nfa 1' });
    expect(image).not.toHaveAttribute('src');
    act(() => scrollIntoView(image));
    expect(image).toHaveAttribute('src', 'http://localhost:4000/uploads/item-1.png');
    expect(within(first).getByText('$100')).toBeInTheDocument();
    const buy = within(popular).getAllByRole('link', { name: 'Buy Now' });
    expect(buy).toHaveLength(4);
    for (const link of buy) expect(link).toHaveAttribute('href', '/market-place');

    const market = section('MarketPlace');
    await waitFor(() => expect(within(market).getAllByRole('article')).toHaveLength(3));
    expect(within(market).getAllByRole('link', { name: 'Buy Now' })).toHaveLength(3);
  });

  it('puts the two columns / four columns grid classes on the lists', async () => {
    const pending = holdRequests();
    renderHome();
    await waitFor(() => expect(pending).toHaveLength(2));
    requestTo(pending, '/market/getMarket').reply({ success: true, data: list(4) });
    const popular = section('Popular Collections');
    await waitFor(() => expect(within(popular).getByRole('list')).toHaveClass('grid', 'grid-4'));
  });

  it('falls back to a default name and drawn art when an item has no title or image', async () => {
    const pending = holdRequests();
    renderHome();
    await waitFor(() => expect(pending).toHaveLength(2));
    requestTo(pending, '/market/getMarket').reply({
      success: true,
      data: [item(1, { title: '', image: undefined })],
    });
    requestTo(pending, '/land/getland').reply({
      success: true,
      data: [item(2, { title: undefined, kind: 'land' })],
    });
    const popular = section('Popular Collections');
    await waitFor(() =>
      expect(within(popular).getByRole('heading', { name: 'Hyper Tek NFA' })).toBeInTheDocument(),
    );
    expect(within(popular).getByRole('img', { name: 'Hyper Tek NFA' }).tagName).toBe('svg');
    expect(
      within(section('MarketPlace')).getByRole('heading', { name: 'Hyper Tek Land' }),
    ).toBeInTheDocument();
  });

  it('shows a loading indicator in each list until its call settles, success or failure', async () => {
    const pending = holdRequests();
    renderHome();
    await waitFor(() => expect(pending).toHaveLength(2));

    const popular = section('Popular Collections');
    const market = section('MarketPlace');
    expect(within(popular).getByRole('status')).toHaveTextContent('Loading Popular Collections');
    expect(within(market).getByRole('status')).toBeInTheDocument();

    requestTo(pending, '/market/getMarket').reply({ success: true, data: list(2) });
    await waitFor(() => expect(within(popular).queryByRole('status')).not.toBeInTheDocument());
    expect(within(market).getByRole('status')).toBeInTheDocument();

    requestTo(pending, '/land/getland').fail();
    await waitFor(() => expect(within(market).queryByRole('status')).not.toBeInTheDocument());
  });

  it('only logs failures: an exception or success false leaves the lists empty', async () => {
    const pending = holdRequests();
    renderHome();
    await waitFor(() => expect(pending).toHaveLength(2));

    requestTo(pending, '/market/getMarket').fail('Network Error');
    requestTo(pending, '/land/getland').reply({ success: false, message: 'Database offline' });

    const popular = section('Popular Collections');
    const market = section('MarketPlace');
    await waitFor(() => expect(within(popular).queryByRole('status')).not.toBeInTheDocument());
    await waitFor(() => expect(within(market).queryByRole('status')).not.toBeInTheDocument());

    expect(within(popular).queryByRole('article')).not.toBeInTheDocument();
    expect(within(market).queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByText(/Network Error|Database offline/)).not.toBeInTheDocument();
    expect(errorLog).toHaveBeenCalledWith('Error fetching market data', expect.any(Error));
    expect(errorLog).toHaveBeenCalledWith('Failed to fetch market data', 'Database offline');
  });
});
