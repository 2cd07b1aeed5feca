import { session, type User } from '@hypertek/shared';
import { calls, recordToasts, serveApi, validToken, type Routes } from '@hypertek/shared/testing';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderAt } from '../../test/render';
import { WALLET_HELP } from './lib/sign-in-texts';
import { makeUser } from '../../test/session';
import SigninPage from './signin-page';
import SignupPage from './signup-page';

const toasts = recordToasts();

/** The wallet's first account, checksummed as wallets hand it out. */
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
/** The EIP-4361 message the server asks the wallet to sign. */
const MESSAGE = [
  'localhost wants you to sign in with your Ethereum account:',
  ADDRESS,
  '',
  'Hyper Tek login',
  '',
  'URI: http://localhost:3000',
  'Version: 1',
  'Chain ID: 1',
  'Nonce: k9v3q2x8m1z7w4r6',
  'Issued At: 2025-01-01T00:00:00.000Z',
  'Expiration Time: 2025-01-01T00:05:00.000Z',
].join('\n');
const SIGNATURE = `0x${'ab'.repeat(65)}`;

type WalletCall = { method: string; params?: readonly unknown[] };

/** What wallets reject with: an Error carrying the EIP-1193 `code`. */
const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });
type Answer = (params?: readonly unknown[]) => unknown;

/** A browser wallet (EIP-1193) at window.ethereum that answers as `answers` say. */
function installWallet(answers: Record<string, Answer> = {}) {
  const received: WalletCall[] = [];
  const all: Record<string, Answer> = {
    wallet_revokePermissions: () => null,
    eth_requestAccounts: () => [ADDRESS, '0x0000000000000000000000000000000000000001'],
    personal_sign: () => SIGNATURE,
    ...answers,
  };
  Object.assign(window, {
    ethereum: {
      request: ({ method, params }: WalletCall) => {
        received.push(params === undefined ? { method } : { method, params });
        const answer = all[method];
        if (!answer) return Promise.reject(rpcError(4200, `The wallet does not support ${method}`));
        try {
          return Promise.resolve(answer(params));
        } catch (error) {
          return Promise.reject(error instanceof Error ? error : new Error(String(error)));
        }
      },
    },
  });
  return received;
}

const never = () => new Promise<never>(() => undefined);
const rejectsWith = (error: Error) => () => Promise.reject(error);

/** The API of a wallet sign-in: the nonce, then the check of the signature. */
function walletApi(user: User, token: string, routes: Routes = {}) {
  return serveApi({
    'POST /user/MetaMask/nonce': {
      data: {
        success: true,
        nonce: 'k9v3q2x8m1z7w4r6',
        message: MESSAGE,
        issuedAt: '2025-01-01T00:00:00.000Z',
        expiresAt: '2025-01-01T00:05:00.000Z',
      },
    },
    'POST /user/MetaMask': {
      data: {
        success: true,
        message: 'MetaMask Signup/login successful!',
        user,
        token,
        created: false,
      },
    },
    ...routes,
  });
}

/** Lets `ms` of fake time pass, running what the wallet, the API and the page do meanwhile. */
const wait = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

async function clickWallet(page: 'signin' | 'signup' = 'signin') {
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  const view =
    page === 'signin'
      ? renderAt('/signin', { '/signin': <SigninPage /> })
      : renderAt('/signup', { '/signup': <SignupPage /> });
  // In act: a wallet that fails at once ends the sign-in before the click returns.
  await act(() => user.click(screen.getByRole('button', { name: 'Continue with MetaMask' })));
  return { user, ...view };
}

const walletButton = () => screen.getByRole('button', { name: /MetaMask|wallet/ });
const hex = (text: string) => `0x${Buffer.from(text, 'utf8').toString('hex')}`;

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  Reflect.deleteProperty(window, 'ethereum');
});

describe('browser-wallet sign-in', () => {
  it("says 'MetaMask is not installed!' when the browser has no wallet, and calls nothing", async () => {
    const sent = serveApi({});

    const { path } = await clickWallet();
    await wait(30_000);

    expect(toasts).toEqual([{ kind: 'error', message: 'MetaMask is not installed!' }]);
    expect(sent).toEqual([]);
    expect(path()).toBe('/signin');
  });

  it("revokes the old permission, asks for accounts, signs the server's message with the first account, and signs in", async () => {
    const ada = makeUser({ Email: '', Password: false, WalletAddress: ADDRESS.toLowerCase() });
    const token = validToken();
    const wallet = installWallet();
    const sent = walletApi(ada, token);

    const { path } = await clickWallet();
    await wait(0);

    expect(wallet).toEqual([
      { method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] },
      { method: 'eth_requestAccounts' },
      { method: 'personal_sign', params: [hex(MESSAGE), ADDRESS] },
    ]);
    expect(calls(sent)).toEqual([
      { method: 'POST', url: '/user/MetaMask/nonce', body: { address: ADDRESS } },
      {
        method: 'POST',
        url: '/user/MetaMask',
        body: { address: ADDRESS.toLowerCase(), signature: SIGNATURE, message: MESSAGE },
      },
    ]);
    expect(sent[1]?.config.headers.get('Content-Type')).toBe('application/json');
    expect(toasts).toEqual([{ kind: 'success', message: 'MetaMask Signup/login successful!' }]);
    expect(session.getSnapshot()).toEqual({ user: ada, token, isLoggedInUser: true });
    expect(path()).toBe('/profile');
    expect(screen.getByText('Now at /profile')).toBeInTheDocument();
  });

  it('goes to /profile from the sign-up page too', async () => {
    installWallet();
    walletApi(makeUser(), validToken());

    const { path } = await clickWallet('signup');
    await wait(0);

    expect(path()).toBe('/profile');
    expect(toasts).toEqual([{ kind: 'success', message: 'MetaMask Signup/login successful!' }]);
  });

  it('goes on when the wallet refuses to revoke (older wallets do not know the method)', async () => {
    const wallet = installWallet({
      wallet_revokePermissions: () => {
        throw rpcError(-32601, 'Method not found');
      },
    });
    walletApi(makeUser(), validToken());

    const { path } = await clickWallet();
    await wait(0);

    expect(wallet.map((c) => c.method)).toEqual([
      'wallet_revokePermissions',
      'eth_requestAccounts',
      'personal_sign',
    ]);
    expect(path()).toBe('/profile');
    expect(toasts).toEqual([{ kind: 'success', message: 'MetaMask Signup/login successful!' }]);
  });

  it("shows 'Check for MetaMask popup!' after 1 s, for 10 s, while the wallet waits", async () => {
    installWallet({ personal_sign: never });
    walletApi(makeUser(), validToken());

    await clickWallet();
    await wait(999);
    expect(toasts).toEqual([]);
    expect(walletButton()).toHaveAccessibleName('Waiting for your wallet…');
    expect(walletButton()).toBeDisabled();

    await wait(1);
    expect(toasts).toEqual([
      { kind: 'info', message: 'Check for MetaMask popup!', autoClose: 10_000 },
    ]);
  });

  it('shows no popup reminder when the wallet answered within the first second', async () => {
    installWallet();
    walletApi(makeUser(), validToken());

    await clickWallet();
    await wait(5_000);

    expect(toasts).toEqual([{ kind: 'success', message: 'MetaMask Signup/login successful!' }]);
  });

  it('after 20 s without a signature, shows the multi-step help for 8 s and gives up', async () => {
    const wallet = installWallet({ personal_sign: never });
    const sent = walletApi(makeUser(), validToken());

    await clickWallet();
    await wait(0);
    expect(wallet.map((c) => c.method)).toContain('personal_sign');

    await wait(19_999);
    expect(toasts.map((t) => t.message)).toEqual(['Check for MetaMask popup!']);

    await wait(1);
    expect(toasts).toEqual([
      { kind: 'info', message: 'Check for MetaMask popup!', autoClose: 10_000 },
      { kind: 'warning', message: WALLET_HELP, autoClose: 8_000 },
    ]);
    const help = toasts[1]!.message;
    expect(help).toMatch(/click the wallet icon/i);
    expect(help).toMatch(/pending requests/i);
    expect(help).toMatch(/refresh the page and try again/i);
    expect(help.split('\n')).toHaveLength(4);

    expect(calls(sent).map((c) => c.url)).toEqual(['/user/MetaMask/nonce']);
    expect(session.getSnapshot().isLoggedInUser).toBe(false);
    expect(walletButton()).toHaveAccessibleName('Continue with MetaMask');
    expect(walletButton()).toBeEnabled();
  });

  it('shows the same help when the connection prompt goes unanswered for 20 s', async () => {
    installWallet({ eth_requestAccounts: never });
    const sent = walletApi(makeUser(), validToken());

    await clickWallet();
    await wait(20_000);

    expect(toasts.at(-1)).toEqual({
      kind: 'warning',
      message: WALLET_HELP,
      autoClose: 8_000,
    });
    expect(sent).toEqual([]);
  });

  it.each([
    ['the signature', { personal_sign: rejectsWith(rpcError(4001, 'User denied')) }],
    ['the connection', { eth_requestAccounts: rejectsWith(rpcError(4001, 'Rejected')) }],
  ])("says 'Signature cancelled.' when the visitor rejects %s (code 4001)", async (_, answers) => {
    installWallet(answers);
    const sent = walletApi(makeUser(), validToken());

    const { path } = await clickWallet();
    await wait(30_000);

    expect(toasts).toEqual([{ kind: 'error', message: 'Signature cancelled.' }]);
    expect(calls(sent).map((c) => c.url)).not.toContain('/user/MetaMask');
    expect(session.getSnapshot().isLoggedInUser).toBe(false);
    expect(path()).toBe('/signin');
  });

  it("says 'Login failed: ' and the wallet's message on another wallet error", async () => {
    installWallet({
      eth_requestAccounts: rejectsWith(
        rpcError(-32002, 'Request of type wallet_requestPermissions already pending'),
      ),
    });
    walletApi(makeUser(), validToken());

    await clickWallet();
    await wait(0);

    expect(toasts).toEqual([
      {
        kind: 'error',
        message: 'Login failed: Request of type wallet_requestPermissions already pending',
      },
    ]);
  });

  it("says 'Login failed: ' when the wallet shares no account", async () => {
    installWallet({ eth_requestAccounts: () => [] });
    const sent = walletApi(makeUser(), validToken());

    await clickWallet();
    await wait(0);

    expect(toasts).toEqual([
      { kind: 'error', message: 'Login failed: the wallet shared no account' },
    ]);
    expect(sent).toEqual([]);
  });

  it.each([
    [
      'refuses the signature',
      {
        'POST /user/MetaMask': {
          status: 401,
          data: { success: false, message: 'The signature does not match the wallet address.' },
        },
      },
      'Login failed: The signature does not match the wallet address.',
    ],
    [
      'finds the message expired',
      {
        'POST /user/MetaMask': {
          status: 401,
          data: {
            success: false,
            message: 'This sign-in message has expired. Please try again.',
          },
        },
      },
      'Login failed: This sign-in message has expired. Please try again.',
    ],
    [
      'refuses the address',
      {
        'POST /user/MetaMask/nonce': {
          status: 400,
          data: { success: false, message: 'Wallet address is not valid' },
        },
      },
      'Login failed: Wallet address is not valid',
    ],
    [
      'fails without a message',
      { 'POST /user/MetaMask': { status: 500, data: {} } },
      'Login failed: Something went wrong',
    ],
  ] as const)(
    "says 'Login failed: ' and the server's message when the API %s",
    async (_, routes, message) => {
      installWallet();
      walletApi(makeUser(), validToken(), routes);

      const { path } = await clickWallet();
      await wait(0);

      expect(toasts).toEqual([{ kind: 'error', message }]);
      expect(session.getSnapshot().isLoggedInUser).toBe(false);
      expect(path()).toBe('/signin');
    },
  );

  it('runs one sign-in at a time, and can be tried again after a failure', async () => {
    let signatures = 0;
    const wallet = installWallet({
      personal_sign: () => (++signatures === 1 ? never() : SIGNATURE),
    });
    walletApi(makeUser(), validToken());

    const { user, path } = await clickWallet();
    await wait(0);
    await user.click(walletButton()); // disabled while waiting: nothing happens
    expect(wallet.filter((c) => c.method === 'eth_requestAccounts')).toHaveLength(1);

    await wait(20_000); // the help toast: the first try is over
    await act(() => user.click(walletButton()));
    await wait(0);

    expect(wallet.filter((c) => c.method === 'eth_requestAccounts')).toHaveLength(2);
    expect(path()).toBe('/profile');
  });
});
