import { setRuntimeConfig } from '@hypertek/shared';
import { DISCORD_STATE_STORAGE_KEY } from '@hypertek/shared/discord-state';
import { recordToasts, serveApi } from '@hypertek/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderAt } from '../../test/render';
import { leaveSite } from './lib/leave-site';
import SigninPage from './signin-page';
import SignupPage from './signup-page';

// jsdom cannot leave the page: record where the button sends the visitor instead.
jest.mock('./lib/leave-site', () => ({ leaveSite: jest.fn() }));
const leftFor = jest.mocked(leaveSite);

const toasts = recordToasts();

const configured = {
  discordClientId: '1234567890',
  discordAuthorizeUrl: 'https://discord.com/oauth2/authorize',
  discordRedirectUri: 'https://hypertek.example/signin',
};

afterEach(() => {
  setRuntimeConfig({});
  sessionStorage.clear();
  leftFor.mockReset();
  jest.restoreAllMocks();
});

async function clickDiscord(page: 'signin' | 'signup' = 'signin') {
  const user = userEvent.setup();
  if (page === 'signin') renderAt('/signin', { '/signin': <SigninPage /> });
  else renderAt('/signup', { '/signup': <SignupPage /> });
  await user.click(screen.getByRole('button', { name: 'Continue with Discord' }));
  return user;
}

/** The one address the visitor was sent to, parsed. */
function destination(call = 0): URL {
  const url = leftFor.mock.calls[call]?.[0];
  if (!url) throw new Error('the visitor was not sent anywhere');
  return new URL(url);
}

describe('Discord sign-in button', () => {
  it.each(['signin', 'signup'] as const)(
    'says plainly on /%s that Discord sign-in is not set up when the site has no client id',
    (page) => {
      const sent = serveApi({});
      if (page === 'signin') renderAt('/signin', { '/signin': <SigninPage /> });
      else renderAt('/signup', { '/signup': <SignupPage /> });

      const button = screen.getByRole('button', { name: 'Continue with Discord' });
      expect(button).toBeDisabled();
      expect(screen.getByText('Discord sign-in is not set up on this site.')).toBeVisible();
      expect(button).toHaveAccessibleDescription('Discord sign-in is not set up on this site.');
      expect(sent).toEqual([]);
    },
  );

  it("sends the visitor to Discord's authorize page with the client id, code flow, scopes, return address and a fresh state", async () => {
    setRuntimeConfig(configured);
    const sent = serveApi({});

    await clickDiscord();

    const url = destination();
    expect(`${url.origin}${url.pathname}`).toBe('https://discord.com/oauth2/authorize');
    const state = sessionStorage.getItem(DISCORD_STATE_STORAGE_KEY);
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: '1234567890',
      response_type: 'code',
      scope: 'identify email',
      redirect_uri: 'https://hypertek.example/signin',
      state,
    });
    expect(sent).toEqual([]); // the host exchanges the code when Discord sends the visitor back
    expect(toasts).toEqual([]);
  });

  it('makes a new random state for every try, from crypto.getRandomValues', async () => {
    setRuntimeConfig(configured);
    const random = jest.spyOn(crypto, 'getRandomValues');

    const user = await clickDiscord('signup');
    await user.click(screen.getByRole('button', { name: 'Continue with Discord' }));

    const [first, second] = [destination(0), destination(1)].map((u) =>
      u.searchParams.get('state'),
    );
    expect(first).not.toBe(second);
    expect(sessionStorage.getItem(DISCORD_STATE_STORAGE_KEY)).toBe(second);
    expect(random).toHaveBeenCalledTimes(2);
  });

  it('uses the configured authorize page, and returns to this origin + /signin by default', async () => {
    setRuntimeConfig({
      discordClientId: '42',
      discordAuthorizeUrl: 'http://127.0.0.1:9400/oauth2/authorize?prompt=none',
      discordRedirectUri: '',
    });

    await clickDiscord();

    const url = destination();
    expect(`${url.origin}${url.pathname}`).toBe('http://127.0.0.1:9400/oauth2/authorize');
    expect(url.searchParams.get('prompt')).toBe('none');
    expect(url.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/signin`);
  });

  it("stays and says 'Discord login failed!' when this tab cannot keep the state", async () => {
    setRuntimeConfig(configured);
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });

    await clickDiscord();

    expect(leftFor).not.toHaveBeenCalled();
    expect(toasts).toEqual([{ kind: 'error', message: 'Discord login failed!' }]);
  });
});
