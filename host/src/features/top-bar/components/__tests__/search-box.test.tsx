import { setRuntimeConfig, type SearchResult } from '@hypertek/shared';
import { deferred, serveApi, signIn, type Reply, type SentRequest } from '@hypertek/shared/testing';
import { act, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';

import { renderPage } from '../../../../testing/render';
import { remotesUp } from '../../../../testing/remotes';

const RESULTS: Record<string, SearchResult> = {
  neo: {
    lands: [
      {
        _id: 'l1',
        title: 'Neo Plains',
        serialNumber: 'LND-0045',
        kind: 'land',
        price: 1800,
        image: '/uploads/l1.png',
      },
    ],
    nfas: [
      { _id: 'n1', title: 'Neon Rider', serialNumber: 'NFA-0048', kind: 'nfa', price: 8823.06 },
      { _id: 'n2', title: 'Neo Mech', serialNumber: 'NFA-0002', kind: 'nfa', price: 120.5 },
    ],
  },
  neon: { lands: [], nfas: [{ _id: 'n1', title: 'Neon Rider', serialNumber: 'NFA-0048' }] },
  zz: { lands: [], nfas: [] },
};
const queryOf = (request: SentRequest) =>
  new URL(request.url, 'http://api.test').searchParams.get('query') ?? '';
const answer = (query: string): Reply => ({
  data: { success: true, ...(RESULTS[query] ?? { lands: [], nfas: [] }) },
});
const ITEM = { _id: 'n2', title: 'Neo Mech', serialNumber: 'NFA-0002', price: 120.5, kind: 'nfa' };

/** An item page that shows what it was given: the address and the navigation state. */
function ItemPage() {
  const { pathname, search, state } = useLocation() as {
    pathname: string;
    search: string;
    state: unknown;
  };
  return (
    <>
      <h1>item page {pathname}</h1>
      <p data-testid="address">{`${pathname}${search}`}</p>
      <pre data-testid="state">{JSON.stringify(state ?? null)}</pre>
    </>
  );
}

/** Signed in at /, the API answering searches from RESULTS. */
async function setUp(routes: Parameters<typeof serveApi>[0] = {}) {
  setRuntimeConfig({ apiBaseUrl: 'http://api.test/api/v1' });
  signIn();
  remotesUp({ 'marketplace/buy-nfa': ItemPage, 'marketplace/buy-land': ItemPage });
  const requests = serveApi({
    'GET /search/search': (request) => answer(queryOf(request)),
    'GET /notifications': () => ({
      data: { success: true, message: '', data: [], nextCursor: null, unread: 0 },
    }),
    'GET /search/item/n2': () => ({ data: { success: true, data: ITEM } }),
    'GET /search/item/l1': () => ({ status: 500, data: { success: false, message: 'down' } }),
    ...routes,
  });
  const rendered = await renderPage('/');
  const input = screen.getByRole('combobox', { name: 'Search lands and NFAs' });
  const searches = () => requests.filter((r) => r.url.startsWith('/search/search'));
  // The search's calls (the notification bell, there for signed-in users, makes its own).
  const calls = () => requests.filter((r) => r.path.startsWith('/search/'));
  return { ...rendered, input, calls, searches };
}

const wait = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
const results = () => screen.queryByRole('listbox', { name: 'Search results' });
const optionNames = () =>
  within(results()!)
    .getAllByRole('option')
    .map((option) => option.textContent);
const activeOption = (input: HTMLElement) => {
  const id = input.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('search box', () => {
  it("makes no call for 'a' (one character)", async () => {
    const { user, input, calls } = await setUp();

    await user.type(input, 'a');
    await wait(1000);

    expect(calls()).toEqual([]);
    expect(results()).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
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

  it("says 'Searching…' while the text is on its way", async () => {
    const slow = deferred();
    const { user, input } = await setUp({ 'GET /search/search': () => slow.promise });

    await user.type(input, 'neo');
    await wait(300);

    expect(screen.getByRole('status')).toHaveTextContent('Searching…');
    expect(input).toHaveAttribute('aria-busy', 'true');
    expect(input).toHaveAttribute('aria-expanded', 'false');

    slow.resolve(answer('neo'));
    await wait(0);
    expect(results()).toBeInTheDocument();
    expect(screen.queryByText('Searching…')).not.toBeInTheDocument();
  });

  it('shows the lands and NFAs found, grouped, with art, title, serial and price', async () => {
    const { user, input } = await setUp();

    await user.type(input, 'neo');
    await wait(300);

    const list = await screen.findByRole('listbox', { name: 'Search results' });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', list.id);
    const lands = within(list).getByRole('group', { name: 'Lands' });
    const nfas = within(list).getByRole('group', { name: 'NFAs' });
    expect(
      within(lands)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Neo Plains#LND-0045$1,800']);
    expect(
      within(nfas)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Neon Rider#NFA-0048$8,823.06', 'Neo Mech#NFA-0002$120.50']);
    // The art of the land (on the API host, small and lazy); a neutral tile where there is none.
    const art = within(lands).getByRole('option').querySelector('img')!;
    expect(art).toHaveAttribute('src', 'http://api.test/uploads/l1.png');
    expect(art).toHaveAttribute('loading', 'lazy');
    expect(art).toHaveAttribute('width', '40');
    expect(within(nfas).getAllByRole('option')[0]!.querySelector('img')).toBeNull();
    expect(
      within(nfas).getAllByRole('option')[0]!.querySelector('.ht-search-thumb-empty'),
    ).not.toBeNull();
  });

  it("says 'No results for “zz”' when nothing is found", async () => {
    const { user, input, searches } = await setUp();

    await user.type(input, 'zz');
    await wait(300);

    expect(searches()).toHaveLength(1);
    expect(results()).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('No results for “zz”');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('moves through the results with the arrow keys, wrapping, and marks the active one', async () => {
    const { user, input } = await setUp();
    await user.type(input, 'neo');
    await wait(300);
    expect(input).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(activeOption(input)).toHaveTextContent('Neo Plains');
    expect(activeOption(input)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOption(input)).toHaveTextContent('Neo Mech');
    await user.keyboard('{ArrowDown}');
    expect(activeOption(input)).toHaveTextContent('Neo Plains');
    await user.keyboard('{ArrowUp}');
    expect(activeOption(input)).toHaveTextContent('Neo Mech');
    expect(
      within(results()!)
        .getAllByRole('option')
        .filter((o) => o.getAttribute('aria-selected') === 'true'),
    ).toHaveLength(1);
    expect(input).toHaveFocus();
  });

  it('opens the active result on Enter: asks /search/item/{id}, goes to /buy-nfa?id= with the item', async () => {
    const { user, input, calls, location } = await setUp();
    await user.type(input, 'neo');
    await wait(300);

    await user.keyboard('{ArrowUp}{Enter}');
    await wait(0);

    expect(calls().map((r) => r.url)).toEqual(['/search/search?query=neo', '/search/item/n2']);
    expect(location()).toBe('/buy-nfa?id=n2');
    expect(await screen.findByRole('heading', { name: 'item page /buy-nfa' })).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('state').textContent)).toEqual(ITEM);
    expect(results()).not.toBeInTheDocument();
  });

  it('opens a land on click, and still goes to its page when the item call fails', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, input, calls, location } = await setUp();
    await user.type(input, 'neo');
    await wait(300);

    await user.click(within(results()!).getByRole('option', { name: /Neo Plains/ }));
    await wait(0);

    expect(calls().map((r) => r.url)).toContain('/search/item/l1');
    expect(location()).toBe('/buy-land?id=l1');
    expect(await screen.findByTestId('state')).toHaveTextContent('null');
    expect(error).toHaveBeenCalledWith('[hypertek] search item failed', expect.any(Error));
  });

  it('navigates only for the last choice', async () => {
    const first = deferred();
    const { user, input, location } = await setUp({
      'GET /search/item/n1': () => first.promise,
    });
    await user.type(input, 'neo');
    await wait(300);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}'); // Neon Rider, answer held back
    await user.click(input);
    await user.keyboard('{ArrowUp}{Enter}'); // Neo Mech
    await wait(0);
    expect(location()).toBe('/buy-nfa?id=n2');

    first.resolve({ data: { success: true, data: { _id: 'n1', title: 'Neon Rider', price: 1 } } });
    await wait(0);
    expect(location()).toBe('/buy-nfa?id=n2');
  });

  it('closes on Escape, then a second Escape clears the text', async () => {
    const { user, input } = await setUp();
    await user.type(input, 'neo');
    await wait(300);
    await user.keyboard('{ArrowDown}');

    await user.keyboard('{Escape}');
    expect(results()).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    expect(input).toHaveValue('neo');

    await user.keyboard('{Escape}');
    expect(input).toHaveValue('');
  });

  it('reopens with ArrowDown after Escape, on the first result', async () => {
    const { user, input } = await setUp();
    await user.type(input, 'neo');
    await wait(300);
    await user.keyboard('{Escape}{ArrowDown}');

    expect(results()).toBeInTheDocument();
    expect(activeOption(input)).toHaveTextContent('Neo Plains');
  });

  it('closes on a click outside, and reopens when the box is focused again', async () => {
    const { user, input } = await setUp();
    await user.type(input, 'neo');
    await wait(300);
    expect(results()).toBeInTheDocument();

    await user.click(screen.getByRole('heading', { name: 'marketing/home' }));
    expect(results()).not.toBeInTheDocument();

    await user.click(input);
    expect(results()).toBeInTheDocument();
  });

  it('keeps the dropdown open on a click inside it', async () => {
    const { user, input } = await setUp();
    await user.type(input, 'neo');
    await wait(300);

    await user.click(within(results()!).getByText('Lands'));

    expect(results()).toBeInTheDocument();
    expect(input).toHaveFocus();
  });

  it('clears the results when the text is cleared, without asking the server', async () => {
    const { user, input, searches } = await setUp();
    await user.type(input, 'neo');
    await wait(300);
    expect(results()).toBeInTheDocument();

    await user.clear(input);
    await wait(1000);

    expect(results()).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
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
    expect(await screen.findByRole('option', { name: /Neon Rider/ })).toBeInTheDocument();

    first.resolve(answer('neo'));
    await wait(0);

    expect(optionNames()).toEqual(['Neon Rider#NFA-0048']);
  });

  it('shows nothing and only logs when the search fails', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, input } = await setUp({
      'GET /search/search': () => ({ status: 500, data: { success: false, message: 'down' } }),
    });

    await user.type(input, 'neo');
    await wait(300);

    expect(results()).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('[hypertek] search failed', expect.any(Error));
    expect(document.querySelector('.Toastify')).toBeNull();
  });
});
