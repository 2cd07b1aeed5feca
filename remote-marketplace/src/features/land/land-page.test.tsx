import { serveApi } from '@hypertek/shared/testing';
import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { makeItems } from '../../test/fixtures';
import { list } from '../../test/http';
import { renderPage } from '../../test/render';
import LandPage, { LAND_PAGE_SIZE } from './land-page';

const open = () => renderPage(<LandPage />, { path: '/land' });
const buyLinks = () => screen.queryAllByRole('link', { name: /^Buy Now/ });

describe('/land', () => {
  it("shows every land of the page after an 'Instant Sell' tile, each linking to /buy-land", async () => {
    serveApi({ 'GET /land/getland': list(makeItems('land', LAND_PAGE_SIZE)) });
    open();
    expect(screen.getByRole('status', { name: 'Loading Lands' })).toBeInTheDocument();
    await waitForElementToBeRemoved(() => screen.queryByRole('status', { name: 'Loading Lands' }));
    const tiles = screen.getAllByRole('article');
    expect(tiles).toHaveLength(LAND_PAGE_SIZE + 1);
    expect(within(tiles[0]!).getByRole('heading')).toHaveTextContent('Instant Sell');
    expect(new Set(buyLinks().map((link) => link.getAttribute('href')))).toEqual(
      new Set(['/buy-land']),
    );
    expect(screen.getByRole('link', { name: 'Lands' })).toHaveAttribute('aria-current', 'page');
  });

  it("loads further pages with the server's nextCursor until there are no more", async () => {
    const sent = serveApi({
      'GET /land/getland': (request) => {
        const cursor = (request.params as { cursor?: string }).cursor;
        return cursor === undefined
          ? list(makeItems('land', LAND_PAGE_SIZE), 'page-2')
          : list(makeItems('land', 3, LAND_PAGE_SIZE + 1), null);
      },
    });
    open();
    await screen.findByText(`Showing ${LAND_PAGE_SIZE} lands`);
    await userEvent.click(screen.getByRole('button', { name: 'Load more lands' }));
    await screen.findByText(`Showing ${LAND_PAGE_SIZE + 3} lands`);
    expect(buyLinks()).toHaveLength(LAND_PAGE_SIZE + 3);
    expect(screen.getByText(`Sector ${LAND_PAGE_SIZE + 3} Parcel`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more lands' })).not.toBeInTheDocument();
    expect(sent.map(({ params }) => params)).toEqual([
      { limit: LAND_PAGE_SIZE },
      { limit: LAND_PAGE_SIZE, cursor: 'page-2' },
    ]);
  });

  it('keeps the lands it has when a further page fails, so the user can try again', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    serveApi({
      'GET /land/getland': () =>
        ++calls === 1 ? list(makeItems('land', 2), 'next') : { status: 500, data: {} },
    });
    open();
    await screen.findByText('Showing 2 lands');
    await userEvent.click(screen.getByRole('button', { name: 'Load more lands' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Load more lands' })).toBeEnabled(),
    );
    expect(buyLinks()).toHaveLength(2);
    errors.mockRestore();
  });

  it('shows the empty collection when there are no lands', async () => {
    serveApi({ 'GET /land/getland': list([]) });
    open();
    expect(await screen.findByText('No Items')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Collection' })).toBeInTheDocument();
  });
});

describe('/land while loading', () => {
  it("keeps the grid's shape: the 'Instant Sell' tile and a placeholder per card of the page", async () => {
    serveApi({ 'GET /land/getland': list(makeItems('land', LAND_PAGE_SIZE)) });
    open();
    const loading = screen.getByRole('status', { name: 'Loading Lands' });
    expect(within(loading).getByRole('heading', { name: 'Instant Sell' })).toBeInTheDocument();
    expect(loading.querySelectorAll('.mp-card-skeleton')).toHaveLength(LAND_PAGE_SIZE);
    // The placeholders are the cards' boxes, not content: nothing to read or click in them.
    expect(within(loading).queryAllByRole('link')).toHaveLength(0);
    await waitForElementToBeRemoved(loading);
    expect(screen.getAllByRole('link', { name: /^Buy Now/ })).toHaveLength(LAND_PAGE_SIZE);
  });
});

describe('/land headings', () => {
  it('go in order: the page is the h1, each tile an h2 (no level skipped)', async () => {
    serveApi({ 'GET /land/getland': list(makeItems('land', 3)) });
    open();
    await waitForElementToBeRemoved(() => screen.queryByRole('status', { name: 'Loading Lands' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Lands' })).toBeInTheDocument();
    const tiles = screen.getAllByRole('article');
    for (const tile of tiles) expect(within(tile).getByRole('heading', { level: 2 })).toBeVisible();
    expect(screen.queryAllByRole('heading', { level: 3 })).toHaveLength(0);
  });
});
