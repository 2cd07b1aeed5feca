import { session, setRuntimeConfig } from '@hypertek/shared';
import { makeUser, signIn } from '@hypertek/shared/testing';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

import { pageLoaded, renderPage } from '../../../../testing/render';

const topBar = () => screen.getByTestId('top-bar');
const mainNav = () => within(topBar()).getByRole('navigation', { name: 'Main' });
const mobileMenu = () => within(topBar()).queryByRole('navigation', { name: 'Mobile' });
const searchBox = () => within(topBar()).queryByRole('combobox', { name: /search/i });
/** The search box loads when first shown (it is not on the first-paint path). */
const findSearchBox = () => within(topBar()).findByRole('combobox', { name: /search/i });

/** Opens a dropdown of the main navigation and gives back its menu. */
async function openDropdown(user: UserEvent, name: string) {
  const toggle = within(mainNav()).getByRole('button', { name });
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const menu = document.getElementById(toggle.getAttribute('aria-controls')!);
  expect(menu).toBeInTheDocument();
  return { toggle, menu: menu! };
}

describe('top bar, signed out', () => {
  it.each(['/', '/about', '/market-place'])(
    "shows a 'Sign Up' link to /signup on %s",
    async (path) => {
      await renderPage(path);

      expect(within(topBar()).getByRole('link', { name: 'Sign Up' })).toHaveAttribute(
        'href',
        '/signup',
      );
    },
  );

  it.each(['/signup', '/signin', '/forgot-password', '/SignIn'])(
    "shows no 'Sign Up' link on %s",
    async (path) => {
      await renderPage(path);

      expect(within(topBar()).queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument();
    },
  );

  it('shows no Logout, no profile link and no search box', async () => {
    await renderPage('/');

    expect(within(topBar()).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(within(topBar()).queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
    expect(within(topBar()).queryByRole('link', { name: 'Watchlist' })).not.toBeInTheDocument();
    expect(searchBox()).not.toBeInTheDocument();
  });

  it("'Sign Up' goes to the sign-up page", async () => {
    const { clickTo } = await renderPage('/');

    await clickTo(
      within(topBar()).getByRole('link', { name: 'Sign Up' }),
      '/signup',
      'account/signup',
    );
    expect(within(topBar()).queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument();
  });
});

describe('top bar, signed in', () => {
  beforeEach(() => signIn());

  it("shows 'Logout', a 'Profile' link to /profile, a 'Watchlist' link and the search box, and no 'Sign Up'", async () => {
    await renderPage('/');

    expect(within(topBar()).getByRole('link', { name: 'Watchlist' })).toHaveAttribute(
      'href',
      '/watchlist',
    );
    expect(within(topBar()).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(topBar()).getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(await findSearchBox()).toBeInTheDocument();
    expect(within(topBar()).queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument();
  });

  it.each(['/signup', '/forgot-password', '/reset-password/abc', '/signin', '/about', '/About'])(
    'hides the search box on %s',
    async (path) => {
      await renderPage(path);

      expect(searchBox()).not.toBeInTheDocument();
      expect(within(topBar()).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    },
  );

  it('shows the generic icon in the profile link when the user has no avatar', async () => {
    await renderPage('/');

    const profile = within(topBar()).getByRole('link', { name: 'Profile' });
    expect(profile.querySelector('img')).toBeNull();
    expect(profile.querySelector('svg')).not.toBeNull();
  });

  it("shows the user's avatar from the API host, and the new one right after a save", async () => {
    setRuntimeConfig({ apiBaseUrl: 'http://api.test/api/v1' });
    const user = makeUser({ Avatar: '/uploads/first.png' });
    signIn(user);
    await renderPage('/');
    const profile = within(topBar()).getByRole('link', { name: 'Profile' });
    expect(profile.querySelector('img')).toHaveAttribute(
      'src',
      'http://api.test/uploads/first.png',
    );
    expect(profile.querySelector('svg')).toBeNull();

    // What /edit does when the server has saved the profile.
    act(() => session.updateUser({ ...user, Avatar: '/uploads/second.png' }));

    expect(profile.querySelector('img')).toHaveAttribute(
      'src',
      'http://api.test/uploads/second.png',
    );
  });

  it('falls back to the icon when the avatar cannot be loaded', async () => {
    setRuntimeConfig({ apiBaseUrl: 'http://api.test/api/v1' });
    signIn(makeUser({ Avatar: '/uploads/gone.png' }));
    await renderPage('/');
    const profile = within(topBar()).getByRole('link', { name: 'Profile' });

    fireEvent.error(profile.querySelector('img')!);

    expect(profile.querySelector('img')).toBeNull();
    expect(profile.querySelector('svg')).not.toBeNull();
  });

  it.each(['/market-place', '/profile', '/news'])('shows the search box on %s', async (path) => {
    await renderPage(path);

    expect(await findSearchBox()).toBeInTheDocument();
  });

  it('follows the session live: a sign-out elsewhere brings back Sign Up', async () => {
    await renderPage('/');

    act(() => session.signOut());

    expect(within(topBar()).getByRole('link', { name: 'Sign Up' })).toBeInTheDocument();
    expect(within(topBar()).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(searchBox()).not.toBeInTheDocument();
  });

  it("the 'Profile' link opens the profile page", async () => {
    const { clickTo } = await renderPage('/');

    await clickTo(
      within(topBar()).getByRole('link', { name: 'Profile' }),
      '/profile',
      'account/profile',
    );
  });
});

describe('top bar links and dropdowns', () => {
  it.each([
    ['About Us', '/about', 'marketing/about'],
    ['News', '/news', 'marketing/news'],
  ])("'%s' goes to %s", async (name, path, page) => {
    const { clickTo } = await renderPage('/market-place');

    await clickTo(within(mainNav()).getByRole('link', { name }), path, page);
  });

  it('the logo goes home', async () => {
    const { user, location } = await renderPage('/about');

    await user.click(within(topBar()).getByRole('link', { name: 'Hyper Tek home' }));

    expect(location()).toBe('/');
  });

  it('the Shop dropdown lists Overview, My Assets, Collectibles and Land', async () => {
    const { user } = await renderPage('/');

    const { menu } = await openDropdown(user, 'Shop');

    expect(
      within(menu)
        .getAllByRole('button')
        .map((entry) => entry.textContent),
    ).toEqual(['Overview', 'My Assets', 'Collectibles', 'Land']);
  });

  it.each(['Overview', 'My Assets', 'Collectibles', 'Land'])(
    "the Shop entry '%s' only logs and closes the dropdown",
    async (entry) => {
      const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
      const { user, location } = await renderPage('/');
      const { toggle, menu } = await openDropdown(user, 'Shop');

      await user.click(within(menu).getByRole('button', { name: entry }));

      expect(info).toHaveBeenCalledTimes(1);
      expect(info.mock.calls[0]!.join(' ')).toContain(entry);
      expect(menu).not.toBeInTheDocument();
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(location()).toBe('/');
    },
  );

  it('the Social dropdown has three entries with placeholder links', async () => {
    const { user } = await renderPage('/');

    const { menu } = await openDropdown(user, 'Social');
    const entries = within(menu).getAllByRole('link');

    expect(entries.map((entry) => entry.textContent)).toEqual(['Discord', 'X', 'Telegram']);
    entries.forEach((entry) => expect(entry).toHaveAttribute('href', '#'));
  });

  it('a Social entry closes the dropdown', async () => {
    const { user } = await renderPage('/');
    const { menu } = await openDropdown(user, 'Social');

    await user.click(within(menu).getByRole('link', { name: 'Telegram' }));

    expect(menu).not.toBeInTheDocument();
  });

  it('a dropdown closes on a click outside it, on Escape, and on its toggle', async () => {
    const { user } = await renderPage('/');

    const first = await openDropdown(user, 'Shop');
    await user.click(screen.getByRole('heading', { name: 'marketing/home' }));
    expect(first.menu).not.toBeInTheDocument();

    const second = await openDropdown(user, 'Shop');
    await user.keyboard('{Escape}');
    expect(second.menu).not.toBeInTheDocument();

    const third = await openDropdown(user, 'Social');
    await user.click(third.toggle);
    expect(third.menu).not.toBeInTheDocument();
    expect(third.toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('mobile menu', () => {
  it('is closed until its toggle opens it', async () => {
    const { user } = await renderPage('/');
    expect(mobileMenu()).not.toBeInTheDocument();

    await user.click(within(topBar()).getByRole('button', { name: 'Open menu' }));

    expect(mobileMenu()).toBeInTheDocument();
    expect(within(topBar()).getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await user.click(within(topBar()).getByRole('button', { name: 'Close menu' }));
    expect(mobileMenu()).not.toBeInTheDocument();
  });

  it('mirrors the signed-out top bar', async () => {
    const { user } = await renderPage('/');

    await user.click(within(topBar()).getByRole('button', { name: 'Open menu' }));
    const menu = within(mobileMenu()!);

    expect(menu.getByRole('button', { name: 'Shop' })).toBeInTheDocument();
    expect(menu.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
    expect(menu.getByRole('link', { name: 'News' })).toHaveAttribute('href', '/news');
    expect(menu.getByRole('button', { name: 'Social' })).toBeInTheDocument();
    expect(menu.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    expect(menu.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(menu.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('mirrors the signed-in top bar', async () => {
    signIn();
    const { user } = await renderPage('/');

    await user.click(within(topBar()).getByRole('button', { name: 'Open menu' }));
    const menu = within(mobileMenu()!);

    expect(menu.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(menu.getByRole('link', { name: 'Watchlist' })).toHaveAttribute('href', '/watchlist');
    expect(menu.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(menu.getByRole('combobox', { name: /search/i })).toBeInTheDocument();
    expect(menu.queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument();
  });

  it('its Logout opens the confirm dialog', async () => {
    signIn();
    const { user } = await renderPage('/');

    await user.click(within(topBar()).getByRole('button', { name: 'Open menu' }));
    await user.click(within(mobileMenu()!).getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('dialog', { name: 'Confirm Logout' })).toBeInTheDocument();
  });

  it('closes when a link in it changes the route, and stays closed on the way back', async () => {
    const { user, location } = await renderPage('/');

    await user.click(within(topBar()).getByRole('button', { name: 'Open menu' }));
    await user.click(within(mobileMenu()!).getByRole('link', { name: 'About Us' }));

    expect(location()).toBe('/about');
    expect(mobileMenu()).not.toBeInTheDocument();
    await pageLoaded();

    await user.click(within(topBar()).getByRole('link', { name: 'Hyper Tek home' }));
    expect(location()).toBe('/');
    expect(mobileMenu()).not.toBeInTheDocument();
    expect(within(topBar()).getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('closes when the route changes by going back', async () => {
    const { user, navigate } = await renderPage('/about');
    await navigate('/news');
    await pageLoaded();

    await user.click(within(topBar()).getByRole('button', { name: 'Open menu' }));
    await navigate(-1);

    expect(mobileMenu()).not.toBeInTheDocument();
  });
});

describe('top bar height', () => {
  const original = globalThis.ResizeObserver;
  let report: ResizeObserverCallback | null = null;
  beforeEach(() => {
    globalThis.ResizeObserver = class {
      constructor(callback: ResizeObserverCallback) {
        report = callback;
      }
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  });
  afterEach(() => {
    globalThis.ResizeObserver = original;
    report = null;
  });

  it('publishes the height the browser reports, without measuring the page while it starts', async () => {
    const measure = jest.spyOn(Element.prototype, 'getBoundingClientRect');
    const { unmount } = await renderPage('/');
    const published = () => document.documentElement.style.getPropertyValue('--ht-top-bar-height');

    expect(measure).not.toHaveBeenCalled();
    expect(published()).toBe('');

    act(() =>
      report!(
        [{ target: topBar(), borderBoxSize: [{ blockSize: 72.4, inlineSize: 390 }] }] as never,
        {} as ResizeObserver,
      ),
    );
    expect(published()).toBe('73px');

    unmount();
    expect(published()).toBe('');
    measure.mockRestore();
  });

  it('covers the open mobile menu too (it lies over the page), and only the bar once it closes', async () => {
    const { user } = await renderPage('/');
    const published = () => document.documentElement.style.getPropertyValue('--ht-top-bar-height');
    const size = (target: Element, blockSize: number) => ({
      target,
      borderBoxSize: [{ blockSize, inlineSize: 390 }],
    });
    act(() => report!([size(topBar(), 69)] as never, {} as ResizeObserver));
    expect(published()).toBe('69px');

    await user.click(within(topBar()).getByRole('button', { name: 'Open menu' }));
    act(() =>
      report!([size(topBar(), 69), size(mobileMenu()!, 310.2)] as never, {} as ResizeObserver),
    );
    expect(published()).toBe('380px');

    await user.click(within(topBar()).getByRole('button', { name: 'Close menu' }));
    act(() => report!([size(topBar(), 69)] as never, {} as ResizeObserver));
    expect(published()).toBe('69px');
  });
});
