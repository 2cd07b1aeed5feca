import { calls, makeUser, serveApi, signIn } from '@hypertek/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { makeItem } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { BuyCard } from '../buy-card';

const open = () =>
  renderPage(
    <ul>
      <BuyCard item={makeItem('nfa', 1)} kind="nfa" />
      <BuyCard item={makeItem('nfa', 2)} kind="nfa" />
    </ul>,
    { path: '/nfa-expand' },
  );
const star = (title: string) => screen.getByRole('button', { name: `Watch ${title}` });
const watchlist = (ids: string[], nextCursor: string | null = null) => ({
  data: {
    success: true,
    message: 'Watchlist fetched',
    data: ids.map((itemId) => ({ itemId })),
    nextCursor,
    total: ids.length,
    max: 500,
  },
});

describe("the cards' watch star", () => {
  it('signed out: a link to /signin named after the item', () => {
    serveApi({});
    open();
    expect(screen.getByRole('link', { name: 'Watch Neon Relic 1' })).toHaveAttribute(
      'href',
      '/signin',
    );
  });

  it("one read of the whole list (its pages) presses the watched items' stars", async () => {
    signIn(makeUser());
    const sent = serveApi({
      'GET /watchlist': ({ params }) =>
        params.cursor === 'c1' ? watchlist(['nfa-2']) : watchlist(['nfa-9'], 'c1'),
    });
    open();
    await waitFor(() => expect(star('Neon Relic 2')).toHaveAttribute('aria-pressed', 'true'));
    expect(star('Neon Relic 1')).toHaveAttribute('aria-pressed', 'false');
    expect(calls(sent).map((c) => c.url)).toEqual([
      '/watchlist?limit=100',
      '/watchlist?limit=100&cursor=c1',
    ]);
  });

  it('pressing a star watches its item at once (PUT), pressing it again unwatches (DELETE)', async () => {
    signIn(makeUser());
    const watched = new Set<string>();
    const sent = serveApi({
      'GET /watchlist': () => watchlist([...watched]),
      'PUT /watchlist/*': ({ path }) => {
        watched.add(path.split('/')[2] ?? '');
        return {
          status: 201,
          data: { success: true, message: '', watched: true, alertPrice: null },
        };
      },
      'DELETE /watchlist/*': ({ path }) => {
        watched.delete(path.split('/')[2] ?? '');
        return { data: { success: true, message: '', watched: false, alertPrice: null } };
      },
    });
    open();
    await waitFor(() => expect(star('Neon Relic 1')).toBeEnabled());
    await userEvent.click(star('Neon Relic 1'));
    await waitFor(() => expect(star('Neon Relic 1')).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(star('Neon Relic 1'));
    await waitFor(() => expect(star('Neon Relic 1')).toHaveAttribute('aria-pressed', 'false'));
    expect(calls(sent).filter((c) => c.method !== 'GET')).toEqual([
      { method: 'PUT', url: '/watchlist/nfa-1', body: { alertPrice: null } },
      { method: 'DELETE', url: '/watchlist/nfa-1', body: undefined },
    ]);
    expect(star('Neon Relic 2')).toHaveAttribute('aria-pressed', 'false');
  });
});
