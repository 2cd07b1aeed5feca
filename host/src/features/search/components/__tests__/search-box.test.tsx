import type { SearchResult } from '@hypertek/shared';
import { deferred, serveApi, signIn, type Reply, type SentRequest } from '@hypertek/shared/testing';
import { act, screen, within } from '@testing-library/react';

import { renderPage } from '../../../../testing/render';

const RESULTS: Record<string, SearchResult> = {
  neo: {
    lands: [{ _id: 'l1', title: 'Neo Plains' }],
    nfas: [
      { _id: 'n1', title: 'Neon Rider' },
      { _id: 'n2', title: 'Neo Mech' },
    ],
  },
  neon: { lands: [], nfas: [{ _id: 'n1', title: 'Neon Rider' }] },
  zz: { lands: [], nfas: [] },
};
const queryOf = (request: SentRequest) =>
  new URL(request.url, 'http://api.test').searchParams.get('query') ?? '';
const answer = (query: string): Reply => ({
  data: { success: true, ...(RESULTS[query] ?? { lands: [], nfas: [] }) },
});

/** Signed in at /, the API answering searches from RESULTS. */
async function setUp(routes: Parameters<typeof serveApi>[0] = {}) {
  signIn();
  const requests = serveApi({
    'GET /search/search': (request) => answer(queryOf(request)),
    'GET /search/item/n2': () => ({
      data: { success: true, data: { _id: 'n2', title: 'Neo Mech' } },
    }),
    ...routes,
  });
  const rendered = await renderPage('/');
  const input = screen.getByRole('combobox', { name: 'Search lands and NFAs' });
  const searches = () => requests.filter((r) => r.url.startsWith('/search/search'));
  return { ...rendered, input, requests, searches };
}

const wait = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
const results = () => screen.queryByRole('listbox', { name: 'Search results' });

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('search box', () => {
  it("makes no call for 'a' (one character)", async () => {
    const { user, input, requests } = await setUp();

    await user.type(input, 'a');
    await wait(1000);

    expect(requests).toEqual([]);
    expect(results()).not.toBeInTheDocument();
  });

  it('asks /search/search?query=neo once, 300 ms after the last keystroke', async () => {
    const { user, input, searches } = await setUp();

    await user.type(input, 'neo');
    await wait(299);
    expect(searches()).toEqual([]);

    await wait(1);
    expect(searches().map((r) => [r.method, r.url])).toEqual([['GET', '/search/search?query=neo']]);
    await wait(1000);
    expect(searches()).toHaveLength(1);
  });

  it('asks once for several quick keystrokes, with the whole text', async () => {
    const { user, input, searches } = await setUp();

    for (const key of ['n', 'e', 'o', 'n']) {
      await user.type(input, key);
      await wait(200);
    }
    expect(searches()).toEqual([]);
    await wait(100);

    expect(searches().map((r) => r.url)).toEqual(['/search/search?query=neon']);
  });

  it('sends the bearer token of the signed-in user', async () => {
    const { user, input, searches } = await setUp();

    await user.type(input, 'neo');
    await wait(300);

    expect(searches()[0]!.headers.Authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('shows the lands and NFAs found in a dropdown', async () => {
    const { user, input } = await setUp();

    await user.type(input, 'neo');
    await wait(300);

    const list = await screen.findByRole('listbox', { name: 'Search results' });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(within(list).getByRole('group', { name: 'Lands' })).getAllByRole('option'),
    ).toHaveLength(1);
    const nfas = within(within(list).getByRole('group', { name: 'NFAs' }));
    expect(nfas.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Neon Rider',
      'Neo Mech',
    ]);
    expect(within(list).getByRole('button', { name: 'Neo Plains' })).toBeInTheDocument();
  });

  it('opens no dropdown when nothing is found', async () => {
    const { user, input, searches } = await setUp();

    await user.type(input, 'zz');
    await wait(300);

    expect(searches()).toHaveLength(1);
    expect(results()).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('asks /search/item/{id} when a result is chosen, logs the item and closes', async () => {
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    const { user, input, requests } = await setUp();
    await user.type(input, 'neo');
    await wait(300);

    await user.click(within(results()!).getByRole('button', { name: 'Neo Mech' }));
    await wait(0);

    expect(requests.map((r) => r.url)).toEqual(['/search/search?query=neo', '/search/item/n2']);
    expect(results()).not.toBeInTheDocument();
    expect(info).toHaveBeenCalledWith('[hypertek] search item', {
      success: true,
      data: { _id: 'n2', title: 'Neo Mech' },
    });
  });

  it('closes on a click outside and on Escape, and reopens when the box is focused again', async () => {
    const { user, input } = await setUp();
    await user.type(input, 'neo');
    await wait(300);
    expect(results()).toBeInTheDocument();

    await user.click(screen.getByRole('heading', { name: 'marketing/home' }));
    expect(results()).not.toBeInTheDocument();

    await user.click(input);
    expect(results()).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(results()).not.toBeInTheDocument();
  });

  it('keeps the dropdown open on a click inside it', async () => {
    const { user, input } = await setUp();
    await user.type(input, 'neo');
    await wait(300);

    await user.click(within(results()!).getByText('Lands'));

    expect(results()).toBeInTheDocument();
  });

  it('clears the results when the text is cleared, without asking the server', async () => {
    const { user, input, searches } = await setUp();
    await user.type(input, 'neo');
    await wait(300);
    expect(results()).toBeInTheDocument();

    await user.clear(input);
    await wait(1000);

    expect(results()).not.toBeInTheDocument();
    expect(searches()).toHaveLength(1);
  });

  it('never shows the results of a cleared search again for a new text', async () => {
    const { user, input } = await setUp();
    await user.type(input, 'neo');
    await wait(300);
    await user.clear(input);

    await user.type(input, 'zz');
    await wait(100);

    expect(results()).not.toBeInTheDocument();
    expect(screen.queryByText('Neo Plains')).not.toBeInTheDocument();
  });

  it('never lets a stale answer replace a newer one', async () => {
    const first = deferred();
    const { user, input, searches } = await setUp({
      'GET /search/search': (request) =>
        queryOf(request) === 'neo' ? first.promise : answer('neon'),
    });

    await user.type(input, 'neo');
    await wait(300);
    await user.type(input, 'n');
    await wait(300);
    expect(searches().map(queryOf)).toEqual(['neo', 'neon']);
    expect(await screen.findByRole('button', { name: 'Neon Rider' })).toBeInTheDocument();

    first.resolve(answer('neo'));
    await wait(0);

    expect(screen.getByRole('button', { name: 'Neon Rider' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Neo Plains' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Neo Mech' })).not.toBeInTheDocument();
  });

  it('shows nothing and only logs when the search fails', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, input } = await setUp({
      'GET /search/search': () => ({ status: 500, data: { success: false, message: 'down' } }),
    });

    await user.type(input, 'neo');
    await wait(300);

    expect(results()).not.toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('[hypertek] search failed', expect.any(Error));
    expect(document.querySelector('.Toastify')).toBeNull();
  });
});
