import {
  calls,
  deferred,
  linkTargets,
  pending,
  serveApi,
  type Reply,
} from '@hypertek/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { makeItems } from '../../test/catalogue';
import { balanceAnswer, balanceRoute } from '../../test/market';
import { renderAt } from '../../test/render';
import { makeUser, signInAs } from '../../test/session';
import ProfilePage from './profile-page';

const renderProfile = () => renderAt('/Profile', { '/Profile': <ProfilePage /> });

describe('/Profile (Collectible tab)', () => {
  it('asks signed-out visitors to log in first, with a link to /signin, and calls nothing', () => {
    const sent = serveApi({});
    renderProfile();

    expect(screen.getByRole('heading', { name: 'Please Login first!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    expect(sent).toEqual([]);
  });

  it("shows the user's name, id, their $3000 balance and 'Edit Profile' to /edit", async () => {
    const sent = serveApi({
      'GET /collection/*': { data: { success: true, message: 'No items yet', data: [] } },
      ...balanceRoute(3000),
    });
    signInAs(makeUser({ _id: 'u-42', FullName: 'Zoë Ñúñez' }));
    renderProfile();

    expect(screen.getByRole('heading', { level: 1, name: 'Zoë Ñúñez' })).toBeInTheDocument();
    expect(screen.getByText('u-42')).toBeInTheDocument();
    expect(await screen.findByText('$3000')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/edit');
    await screen.findByRole('heading', { name: 'No Listing' });
    const balanceCall = sent.find(({ path }) => path.startsWith('/market/balance/'));
    expect(balanceCall?.url).toBe('/market/balance/u-42');
    expect(balanceCall?.headers.Authorization).toMatch(/^Bearer /);
  });

  it.each([
    [1234.5, '$1234.50'],
    [0, '$0'],
    [12345678, '$12345678'],
  ])('writes a balance of %p as %p', async (amount, shown) => {
    serveApi({
      'GET /collection/*': { data: { success: true, message: 'No items yet', data: [] } },
      ...balanceRoute(amount),
    });
    signInAs();
    renderProfile();
    const balance = (await screen.findByText(shown)).closest('.ac-balance');
    expect(balance).toHaveTextContent(`Balance${shown}`);
    await screen.findByRole('heading', { name: 'No Listing' });
  });

  it("holds the balance's place with a dash while it loads, and when it cannot be read", async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const balance = deferred();
    serveApi({
      'GET /collection/*': { data: { success: true, message: 'No items yet', data: [] } },
      'GET /market/balance/*': balance.route,
    });
    signInAs();
    renderProfile();
    const placeholder = screen.getByTestId('balance-pending');
    expect(placeholder).toHaveTextContent('—loading');
    expect(placeholder).toHaveClass('price');

    balance.resolve({ status: 500, data: { success: false, message: 'Ledger unavailable' } });
    await waitFor(() =>
      expect(screen.getByTestId('balance-pending')).toHaveTextContent('—not available right now'),
    );
    expect(screen.getByText('Balance').closest('.ac-balance')).not.toHaveTextContent('$');
    await screen.findByRole('heading', { name: 'No Listing' });
    log.mockRestore();
  });

  it('reads a balance refused with success: false as not available', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    serveApi({
      'GET /collection/*': { data: { success: true, message: 'No items yet', data: [] } },
      'GET /market/balance/*': { data: { ...balanceAnswer(3000), success: false } },
    });
    signInAs();
    renderProfile();
    await waitFor(() =>
      expect(screen.getByTestId('balance-pending')).toHaveTextContent('not available'),
    );
    expect(screen.queryByText('$3000')).not.toBeInTheDocument();
    await screen.findByRole('heading', { name: 'No Listing' });
    log.mockRestore();
  });

  it.each([
    [{ FullName: '', Fullname: 'Legacy Name' }, 'Legacy Name'],
    [{ FullName: '' }, 'ada@example.com'],
  ])('falls back from FullName to Fullname, then to the email (%p)', async (fields, shown) => {
    serveApi({
      'GET /collection/*': { data: { success: true, message: 'No items yet', data: [] } },
      ...balanceRoute(),
    });
    signInAs({ ...makeUser(), ...fields });
    renderProfile();

    expect(screen.getByRole('heading', { level: 1, name: shown })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'No Listing' });
  });

  it('shows the bio under the name, and nothing for an empty or missing one', async () => {
    serveApi({
      'GET /collection/*': { data: { success: true, message: 'No items yet', data: [] } },
      ...balanceRoute(),
    });
    signInAs(makeUser({ FullName: 'Ada Pilot', Bio: 'Racer of the outer rim.' }));
    const { unmount } = renderProfile();
    const name = screen.getByRole('heading', { level: 1, name: 'Ada Pilot' });
    const bio = screen.getByText('Racer of the outer rim.');
    expect(name.nextElementSibling).toBe(bio);
    await screen.findByRole('heading', { name: 'No Listing' });
    unmount();

    for (const Bio of ['', '   ', null]) {
      signInAs({ ...makeUser({ FullName: 'Ada Pilot' }), Bio } as ReturnType<typeof makeUser>);
      const view = renderProfile();
      expect(view.container.querySelector('.ac-profile-bio')).toBeNull();
      await screen.findByRole('heading', { name: 'No Listing' });
      view.unmount();
    }
  });

  it('shows the avatar from the API host, else a fallback icon', async () => {
    serveApi({
      'GET /collection/*': { data: { success: true, message: 'No items yet', data: [] } },
      ...balanceRoute(),
    });
    signInAs(makeUser({ Avatar: '/uploads/ada.png' }));
    const { container, unmount } = renderProfile();
    expect(container.querySelector('.ac-avatar img')).toHaveAttribute(
      'src',
      'http://localhost:4000/uploads/ada.png',
    );
    await screen.findByRole('heading', { name: 'No Listing' });
    unmount();

    signInAs(makeUser({ Avatar: null }));
    renderProfile();
    expect(screen.getByTestId('avatar-fallback')).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'No Listing' });
  });

  it("shows the NFAs the user owns (4 cards with 'List Now'), asking for their own collection", async () => {
    const sent = serveApi({
      'GET /collection/*': { data: { success: true, message: 'ok', data: makeItems(6) } },
      ...balanceRoute(),
    });
    signInAs(makeUser({ _id: 'u-42' }));
    renderProfile();

    const cards = await screen.findAllByRole('button', { name: /^List Now/ });
    expect(cards).toHaveLength(4);
    expect(
      screen.getAllByRole('heading', { level: 3, name: /^Item/ }).map((h) => h.textContent),
    ).toEqual(['Item 1', 'Item 2', 'Item 3', 'Item 4']);
    expect(screen.getByText('$400')).toBeInTheDocument();
    const collection = sent.filter(({ path }) => path.startsWith('/collection/'));
    expect(calls(collection)).toEqual([
      { method: 'GET', url: '/collection/u-42?kind=nfa&limit=4', body: undefined },
    ]);
    expect(collection[0]?.headers.Authorization).toMatch(/^Bearer /);
  });

  it("shows 'No Listing' when the user owns no NFA, never the market's items", async () => {
    serveApi({
      'GET /collection/*': { data: { success: true, message: 'No items yet', data: [] } },
      'GET /market/getMarket': { data: { success: true, data: makeItems(4) } },
      ...balanceRoute(),
    });
    signInAs();
    renderProfile();
    expect(await screen.findByRole('heading', { name: 'No Listing' })).toBeInTheDocument();
    expect(screen.getByText(/You own no collectibles yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^List Now/ })).not.toBeInTheDocument();
  });

  it.each([
    ['a refusal', { data: { success: false, message: 'Maintenance' } }, 'Maintenance'],
    [
      'a failed request',
      { status: 500, data: { success: false, message: 'Database unavailable' } },
      'Database unavailable',
    ],
    [
      'a failure that says nothing',
      { status: 502, data: {} },
      'Your collection could not be loaded right now.',
    ],
  ])(
    'says the collection could not be loaded on %s, and can try again',
    async (_, reply, reason) => {
      let answer: Reply = reply;
      const sent = serveApi({ 'GET /collection/*': () => answer, ...balanceRoute() });
      signInAs();
      renderProfile();

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(`Your collectibles could not be loaded. ${reason}`);
      expect(screen.queryByRole('heading', { name: 'No Listing' })).not.toBeInTheDocument();

      answer = { data: { success: true, data: makeItems(1) } };
      await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('heading', { level: 3, name: 'Item 1' })).toBeInTheDocument();
      expect(sent.filter(({ path }) => path.startsWith('/collection/'))).toHaveLength(2);
    },
  );

  it('shows a loading status until the collection answers', () => {
    serveApi({ 'GET /collection/*': pending, ...balanceRoute() });
    signInAs();
    renderProfile();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your collectibles…');
  });

  it('offers the five profile tabs, Collectible current', async () => {
    serveApi({
      'GET /collection/*': { data: { success: true, message: 'No items yet', data: [] } },
      ...balanceRoute(),
    });
    signInAs();
    renderProfile();

    const nav = screen.getByRole('navigation', { name: 'Profile sections' });
    const tabs = within(nav);
    expect(linkTargets(nav)).toEqual([
      ['Collectible', '/Profile'],
      ['Land', '/Lands'],
      ['Activities', '/Activity'],
      ['Listing', '/List'],
      ['Offer', '/offer'],
    ]);
    expect(tabs.getByRole('link', { name: 'Collectible' })).toHaveAttribute('aria-current', 'page');
    await screen.findByRole('heading', { name: 'No Listing' });
  });

  it("ends with four static 'Monkey ape' cards whose 'Buy Now' goes to /market-place", async () => {
    serveApi({
      'GET /collection/*': { data: { success: true, message: 'No items yet', data: [] } },
      ...balanceRoute(),
    });
    signInAs();
    const { path } = renderProfile();

    const strip = within(screen.getByRole('region', { name: 'Popular Collections' }));
    expect(strip.getAllByRole('heading', { name: 'Monkey ape' })).toHaveLength(4);
    expect(strip.getAllByText('No33')).toHaveLength(4);
    expect(strip.getAllByText('$2000')).toHaveLength(4);
    await userEvent.setup().click(strip.getAllByRole('link', { name: 'Buy Now' })[0]!);
    expect(path()).toBe('/market-place');
  });
});
