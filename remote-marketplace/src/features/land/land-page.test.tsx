import { deferred, serveApi } from '@hypertek/shared/testing';
import { act, screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { MORE_PAGE_SIZE } from '../../components/catalogue/catalogue-results';
import { cameWithThePage as withAnswers } from '../../test/first-data';
import { makeItems } from '../../test/fixtures';
import {
  fakeIntersection,
  layOutAtPageTop,
  prepareBrowsing,
  scrollWindowTo,
  windowScrolls,
} from '../../test/browsing';
import { list } from '../../test/http';
import { renderPage } from '../../test/render';
import LandPage, { LAND_PAGE_SIZE, preloadFetch } from './land-page';

const open = (url = '/land') => renderPage(<LandPage />, { path: '/land', url });
const buyLinks = () => screen.queryAllByRole('link', { name: /^Buy Now/ });
const titles = () => buyLinks().map((link) => link.getAttribute('aria-label'));
const loaded = () =>
  waitForElementToBeRemoved(() => screen.queryByRole('status', { name: 'Loading Lands' }));

prepareBrowsing();

describe('/land', () => {
  it("shows the 'Instant Sell' tile first, then the lands in order, each 'Buy Now' going to the land's own address", async () => {
    serveApi({ 'GET /land/getland': list(makeItems('land', LAND_PAGE_SIZE)) });
    open();
    await loaded();
    const tiles = screen.getAllByRole('article');
    expect(within(tiles[0]!).getByRole('heading')).toHaveTextContent('Instant Sell');
    expect(within(tiles[1]!).getByRole('heading')).toHaveTextContent('Sector 1 Parcel');
    expect(within(tiles[1]!).getByText('$100 USDT')).toBeInTheDocument();
    expect(buyLinks()[0]).toHaveAttribute('href', '/buy-land?id=land-1');
    expect(buyLinks()[1]).toHaveAttribute('href', '/buy-land?id=land-2');
    expect(screen.getByRole('link', { name: 'Lands' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(buyLinks()[1]!);
    expect(screen.getByRole('heading', { name: 'Landed on /buy-land' })).toBeVisible();
    expect(screen.getByTestId('address')).toHaveTextContent('/buy-land?id=land-2');
    // The item still travels as navigation state: the detail page shows it before any call.
    expect(JSON.parse(screen.getByTestId('state').textContent)).toMatchObject({ _id: 'land-2' });
  });

  it("appends the next page ('Load more lands'), drops an item a page repeats, and ends when the server says so", async () => {
    const sent = serveApi({
      'GET /land/getland': (request) =>
        (request.params as { cursor?: string }).cursor === undefined
          ? list(makeItems('land', LAND_PAGE_SIZE), 'page-2')
          : // The list moved meanwhile: the next page starts with the last land of the first.
            list(makeItems('land', 4, LAND_PAGE_SIZE), null),
    });
    open();
    await screen.findByText(`Showing ${LAND_PAGE_SIZE} lands`);
    await userEvent.click(screen.getByRole('button', { name: 'Load more lands' }));
    await screen.findByText(`Showing all ${LAND_PAGE_SIZE + 3} lands`);
    expect(screen.queryByRole('button', { name: 'Load more lands' })).not.toBeInTheDocument();
    expect(sent.map(({ params }) => params)).toEqual([
      { limit: LAND_PAGE_SIZE },
      { limit: MORE_PAGE_SIZE, cursor: 'page-2' },
    ]);
  });

  it('loads the next page by itself when the end of the list comes near the screen', async () => {
    const io = fakeIntersection();
    try {
      serveApi({
        'GET /land/getland': (request) =>
          (request.params as { cursor?: string }).cursor === undefined
            ? list(makeItems('land', LAND_PAGE_SIZE), 'page-2')
            : list(makeItems('land', 2, LAND_PAGE_SIZE + 1), null),
      });
      open();
      await screen.findByText(`Showing ${LAND_PAGE_SIZE} lands`);
      io.reveal();
      await screen.findByText(`Showing all ${LAND_PAGE_SIZE + 2} lands`);
      // At the end nothing watches for more.
      expect(io.count).toBe(0);
    } finally {
      io.restore();
    }
  });

  it('keeps the lands it has when a further page fails, says so, and loads it on the next try', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    serveApi({
      'GET /land/getland': () =>
        ++calls === 1
          ? list(makeItems('land', 2), 'next')
          : calls === 2
            ? { status: 500, data: {} }
            : list(makeItems('land', 1, 3), null),
    });
    open();
    await screen.findByText('Showing 2 lands');
    await userEvent.click(screen.getByRole('button', { name: 'Load more lands' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load more lands. Try again.',
    );
    expect(buyLinks()).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Load more lands' }));
    await screen.findByText('Showing all 3 lands');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    errors.mockRestore();
  });

  it("shows what went wrong when the first page fails, and 'Try again' loads it", async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    serveApi({
      'GET /land/getland': () =>
        ++calls === 1 ? { status: 500, data: {} } : list(makeItems('land', 2)),
    });
    open();
    const problem = await screen.findByRole('alert');
    expect(problem).toHaveTextContent('Could not load the lands.');
    expect(screen.queryByText('No Items')).not.toBeInTheDocument();
    await userEvent.click(within(problem).getByRole('button', { name: 'Try again' }));
    await screen.findByText('Showing all 2 lands');
    expect(titles()).toEqual(['Buy Now: Sector 1 Parcel', 'Buy Now: Sector 2 Parcel']);
    errors.mockRestore();
  });

  it('shows the empty collection when there are no lands at all', async () => {
    serveApi({ 'GET /land/getland': list([]) });
    open();
    expect(await screen.findByText('No Items')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Collection' })).toBeInTheDocument();
    expect(screen.queryByText('No items match these filters')).not.toBeInTheDocument();
  });
});

describe('/land while loading', () => {
  it("keeps the grid's shape with placeholders, not a spinner: the 'Instant Sell' tile and one per card of the page", async () => {
    const lands = deferred();
    serveApi({ 'GET /land/getland': lands.route });
    const { container } = open();
    const loading = screen.getByRole('status', { name: 'Loading Lands' });
    expect(within(loading).getByRole('heading', { name: 'Instant Sell' })).toBeInTheDocument();
    expect(loading.querySelectorAll('.mp-card-skeleton')).toHaveLength(LAND_PAGE_SIZE);
    expect(container.querySelector('.spinner')).toBeNull();
    // The placeholders are the cards' boxes, not content: nothing to read or click in them.
    expect(within(loading).queryAllByRole('link')).toHaveLength(0);
    lands.resolve(list(makeItems('land', 3)));
    await waitForElementToBeRemoved(loading);
    expect(buyLinks()).toHaveLength(3);
  });

  it('shows placeholder cards after the list while the next page is on its way', async () => {
    const next = deferred();
    serveApi({
      'GET /land/getland': (request) =>
        (request.params as { cursor?: string }).cursor === undefined
          ? list(makeItems('land', 3), 'more')
          : next.route(),
    });
    const { container } = open();
    await screen.findByText('Showing 3 lands');
    await userEvent.click(screen.getByRole('button', { name: 'Load more lands' }));
    // 4 tiles fill two rows of two; the placeholders are one more row.
    expect(container.querySelectorAll('.mp-card-skeleton')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Loading…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    next.resolve(list(makeItems('land', 1, 4), null));
    await screen.findByText('Showing all 4 lands');
    expect(container.querySelectorAll('.mp-card-skeleton')).toHaveLength(0);
  });
});

describe('/land with a long list', () => {
  it('has only the rows near the screen in the DOM, and the rows further down once scrolled there', async () => {
    const THOUSAND = 1000;
    serveApi({ 'GET /land/getland': list(makeItems('land', THOUSAND), 'more') });
    const { container } = open();
    await screen.findByText(`Showing ${THOUSAND} lands`);
    const cards = () => container.querySelectorAll('article').length;
    expect(cards()).toBeGreaterThan(2);
    expect(cards()).toBeLessThan(30);
    expect(titles()[0]).toBe('Buy Now: Sector 1 Parcel');
    // The grid is as tall as all its rows (500.5 rows of two), so the page scrolls all the way.
    const grid = container.querySelector<HTMLElement>('.mp-virtual-grid')!;
    const rowHeight = parseFloat(grid.style.height) / Math.ceil((THOUSAND + 1) / 2);
    expect(rowHeight).toBeGreaterThan(100);

    await scrollWindowTo(rowHeight * 400);
    await waitFor(() => expect(titles()).toContain('Buy Now: Sector 800 Parcel'));
    expect(titles()).not.toContain('Buy Now: Sector 1 Parcel');
    expect(cards()).toBeLessThan(30);
  });

  it('keeps the row holding the keyboard focus when it scrolls away, so the focus is not lost', async () => {
    serveApi({ 'GET /land/getland': list(makeItems('land', 1000), 'more') });
    open();
    await screen.findByText('Showing 1000 lands');
    const first = screen.getByRole('link', { name: 'Buy Now: Sector 1 Parcel' });
    act(() => first.focus());
    await scrollWindowTo(100_000);
    await waitFor(() => expect(titles()).toContain('Buy Now: Sector 290 Parcel'));
    expect(first).toBeInTheDocument();
    expect(first).toHaveFocus();
    // Focus elsewhere: the row goes like the others.
    act(() => first.blur());
    await scrollWindowTo(100_100);
    await waitFor(() => expect(titles()).not.toContain('Buy Now: Sector 1 Parcel'));
  });
});

describe('/land and Back', () => {
  it('shows the same lands at the same place on coming back from a land, without loading them again', async () => {
    const layout = layOutAtPageTop();
    const sent = serveApi({
      'GET /land/getland': (request) =>
        (request.params as { cursor?: string }).cursor === undefined
          ? list(makeItems('land', LAND_PAGE_SIZE), 'page-2')
          : list(makeItems('land', MORE_PAGE_SIZE, LAND_PAGE_SIZE + 1), 'page-3'),
    });
    open('/land?sort=price_asc');
    await screen.findByText(`Showing ${LAND_PAGE_SIZE} lands`);
    await userEvent.click(screen.getByRole('button', { name: 'Load more lands' }));
    await screen.findByText(`Showing ${LAND_PAGE_SIZE + MORE_PAGE_SIZE} lands`);
    await scrollWindowTo(10_000);
    await waitFor(() => expect(titles()).toContain('Buy Now: Sector 30 Parcel'));

    await userEvent.click(screen.getByRole('link', { name: 'Buy Now: Sector 30 Parcel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));

    await screen.findByText(`Showing ${LAND_PAGE_SIZE + MORE_PAGE_SIZE} lands`);
    expect(screen.getByTestId('address')).toHaveTextContent('/land?sort=price_asc');
    expect(windowScrolls().at(-1)).toEqual([0, 10_000]);
    expect(titles()).toContain('Buy Now: Sector 30 Parcel');
    expect(sent).toHaveLength(2);
    // And the list goes on from where it was.
    expect(screen.getByRole('button', { name: 'Load more lands' })).toBeInTheDocument();
    layout.mockRestore();
  });
});

describe('/land with its first page in the HTML', () => {
  /** The host's server put this answer in the page. */
  const cameWithThePage = (answer: unknown) => withAnswers({ [preloadFetch[0]!]: answer });

  it('shows those lands at once, without asking the API, and goes on from its cursor', async () => {
    const remove = cameWithThePage(list(makeItems('land', LAND_PAGE_SIZE), 'page-2').data);
    const sent = serveApi({
      'GET /land/getland': list(makeItems('land', MORE_PAGE_SIZE, LAND_PAGE_SIZE + 1), null),
    });
    open();
    // The first render already has them: no loading state, no request.
    expect(screen.queryByRole('status', { name: 'Loading Lands' })).not.toBeInTheDocument();
    expect(buyLinks()[0]).toHaveAttribute('href', '/buy-land?id=land-1');
    expect(screen.getByText(`Showing ${LAND_PAGE_SIZE} lands`)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Load more lands' }));
    await screen.findByText(`Showing all ${LAND_PAGE_SIZE + MORE_PAGE_SIZE} lands`);
    expect(sent).toHaveLength(1);
    expect((sent[0]!.params as { cursor?: string }).cursor).toBe('page-2');
    remove();
  });

  it('asks the API when the address has a sort or filter, or the answer was not a success', async () => {
    for (const [url, answer] of [
      ['/land?sort=price_asc', list(makeItems('land', 2)).data],
      ['/land', { success: false, message: 'down' }],
    ] as const) {
      const remove = cameWithThePage(answer);
      const sent = serveApi({ 'GET /land/getland': list(makeItems('land', 3)) });
      const { unmount } = open(url);
      await loaded();
      expect(sent).toHaveLength(1);
      expect(screen.getByText('Showing all 3 lands')).toBeInTheDocument();
      unmount();
      remove();
    }
  });
});

describe('/land headings', () => {
  it('go in order: the page is the h1, each tile an h2 (no level skipped)', async () => {
    serveApi({ 'GET /land/getland': list(makeItems('land', 3)) });
    open();
    await loaded();
    expect(screen.getByRole('heading', { level: 1, name: 'Lands' })).toBeInTheDocument();
    const tiles = screen.getAllByRole('article');
    for (const tile of tiles) expect(within(tile).getByRole('heading', { level: 2 })).toBeVisible();
    expect(screen.queryAllByRole('heading', { level: 3 })).toHaveLength(0);
  });
});
