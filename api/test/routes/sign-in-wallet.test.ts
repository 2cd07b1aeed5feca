import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { MESSAGES } from '@hypertek/shared/contract';
import { eq } from 'drizzle-orm';
import { getAddress, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { walletNonces } from '../../src/db/schema';
import { SIGNIN_MESSAGES } from '../../src/lib/errors';
import { buildTestApp, json, multipart } from '../helpers';

const app = await buildTestApp({ after });
const site = new URL(app.config.siteUrl);

const newWallet = (): PrivateKeyAccount => privateKeyToAccount(generatePrivateKey());

const post = (url: string, payload: unknown) =>
  app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object });

/** Asks the API for a message to sign (the nonce call), as the site does. */
async function askNonce(address: string) {
  const response = await post('/user/MetaMask/nonce', { address });
  assert.equal(response.statusCode, 200, response.body);
  return json(response) as {
    success: true;
    nonce: string;
    message: string;
    issuedAt: string;
    expiresAt: string;
  };
}

/** The whole wallet sign-in of the site: nonce, the wallet's signature, then sign in. */
async function walletSignIn(wallet: PrivateKeyAccount) {
  const { message } = await askNonce(wallet.address);
  const signature = await wallet.signMessage({ message });
  return post('/user/MetaMask', { address: wallet.address.toLowerCase(), signature, message });
}

/** A message of our own making around a nonce the API issued (for tampered fields). */
function craftMessage(
  address: Hex,
  nonce: string,
  fields: Partial<Parameters<typeof createSiweMessage>[0]> = {},
): string {
  const issuedAt = new Date();
  return createSiweMessage({
    domain: site.host,
    uri: app.config.siteUrl,
    address,
    statement: 'Hyper Tek login',
    version: '1',
    chainId: 1,
    nonce,
    issuedAt,
    expirationTime: new Date(issuedAt.getTime() + 5 * 60_000),
    ...fields,
  });
}

const refused = (status: number, message: string) => ({
  status,
  body: { success: false, message },
});
const outcome = (response: Awaited<ReturnType<typeof post>>) => ({
  status: response.statusCode,
  body: json(response),
});

describe('POST /user/MetaMask/nonce', () => {
  it('answers the EIP-4361 message to sign, bound to the site, the address and a new nonce', async () => {
    const wallet = newWallet();
    const before = Date.now();
    const answer = await askNonce(wallet.address.toLowerCase());
    assert.equal(answer.success, true);
    assert.match(answer.nonce, /^[a-zA-Z0-9]{16,}$/);
    const issuedAt = Date.parse(answer.issuedAt);
    assert.ok(issuedAt >= before - 1000 && issuedAt <= Date.now() + 1000);
    assert.equal(Date.parse(answer.expiresAt) - issuedAt, 300_000);
    assert.equal(
      answer.message,
      [
        `${site.host} wants you to sign in with your Ethereum account:`,
        getAddress(wallet.address),
        '',
        'Hyper Tek login',
        '',
        `URI: ${app.config.siteUrl}`,
        'Version: 1',
        'Chain ID: 1',
        `Nonce: ${answer.nonce}`,
        `Issued At: ${answer.issuedAt}`,
        `Expiration Time: ${answer.expiresAt}`,
      ].join('\n'),
    );
    const other = await askNonce(wallet.address);
    assert.notEqual(other.nonce, answer.nonce, 'a new nonce each time');
  });

  it('refuses an address that is not 0x and 40 hex digits', async () => {
    for (const address of ['xyz', '0x1234', `0x${'g'.repeat(40)}`, '', 42, null]) {
      const response = await post('/user/MetaMask/nonce', { address });
      assert.deepEqual(
        outcome(response),
        refused(400, SIGNIN_MESSAGES.walletAddressInvalid),
        String(address),
      );
    }
  });
});

describe('POST /user/MetaMask', () => {
  it('creates an account on the first signature and signs into the same one afterwards', async () => {
    const wallet = newWallet();
    const first = await walletSignIn(wallet);
    assert.equal(first.statusCode, 200, first.body);
    const body = json(first);
    assert.equal(body.success, true);
    assert.equal(body.message, MESSAGES.metamaskSuccess);
    assert.equal(body.created, true);
    assert.equal(body.user.WalletAddress, wallet.address.toLowerCase());
    assert.equal(body.user.Email, '');
    assert.equal(body.user.Password, false);
    assert.equal(body.user.GoogleId, null);
    assert.equal(typeof body.token, 'string');

    const again = await walletSignIn(wallet);
    assert.equal(again.statusCode, 200);
    assert.equal(json(again).created, false);
    assert.equal(json(again).user._id, body.user._id);
  });

  it('gives an email-less wallet account the rest of the site: profile, edit, purchase check', async () => {
    const signedIn = json(await walletSignIn(newWallet()));
    const auth = { authorization: `Bearer ${signedIn.token}` };
    const profile = await app.inject({ method: 'GET', url: '/api/v1/getProfile', headers: auth });
    assert.equal(profile.statusCode, 200);
    assert.equal(json(profile).user.WalletAddress, signedIn.user.WalletAddress);

    const form = multipart({ FullName: 'Wallet Pilot', Email: '', Bio: 'Signed in by wallet' });
    const edit = await app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: { ...auth, ...form.headers },
      payload: form.payload,
    });
    assert.equal(edit.statusCode, 200, edit.body);
    assert.equal(json(edit).user.FullName, 'Wallet Pilot');

    const market = json(await app.inject({ method: 'GET', url: '/api/v1/market/getMarket' }));
    const purchase = await app.inject({
      method: 'POST',
      url: '/api/v1/game/create',
      headers: auth,
      payload: { userId: signedIn.user._id, productId: market.data[0]._id },
    });
    assert.equal(purchase.statusCode, 200, purchase.body);
    assert.equal(json(purchase).exist, 'no');
  });

  it('refuses a replayed message (the nonce works once)', async () => {
    const wallet = newWallet();
    const { message } = await askNonce(wallet.address);
    const signature = await wallet.signMessage({ message });
    const payload = { address: wallet.address.toLowerCase(), signature, message };
    assert.equal((await post('/user/MetaMask', payload)).statusCode, 200);
    assert.deepEqual(
      outcome(await post('/user/MetaMask', payload)),
      refused(401, SIGNIN_MESSAGES.walletNonceUsed),
    );
  });

  it('lets exactly one of two simultaneous uses of one signed message through', async () => {
    const wallet = newWallet();
    const { message } = await askNonce(wallet.address);
    const signature = await wallet.signMessage({ message });
    const payload = { address: wallet.address.toLowerCase(), signature, message };
    const answers = await Promise.all([1, 2, 3].map(() => post('/user/MetaMask', payload)));
    assert.deepEqual(answers.map((a) => a.statusCode).sort(), [200, 401, 401]);
  });

  it('keeps one account when a wallet signs in twice at once for the first time', async () => {
    const wallet = newWallet();
    const answers = await Promise.all([walletSignIn(wallet), walletSignIn(wallet)]);
    assert.deepEqual(
      answers.map((a) => a.statusCode),
      [200, 200],
    );
    assert.equal(json(answers[0]).user._id, json(answers[1]).user._id);
    assert.equal(answers.filter((a) => json(a).created === true).length, 1);
  });

  it('refuses a stale message (issued more than five minutes ago)', async () => {
    const wallet = newWallet();
    const { nonce } = await askNonce(wallet.address);
    const issuedAt = new Date(Date.now() - 6 * 60_000);
    const message = craftMessage(wallet.address, nonce, {
      issuedAt,
      expirationTime: new Date(issuedAt.getTime() + 60 * 60_000),
    });
    const signature = await wallet.signMessage({ message });
    assert.deepEqual(
      outcome(await post('/user/MetaMask', { address: wallet.address, signature, message })),
      refused(401, SIGNIN_MESSAGES.walletExpired),
    );
  });

  it('refuses a message past its expiration time', async () => {
    const wallet = newWallet();
    const { nonce } = await askNonce(wallet.address);
    const message = craftMessage(wallet.address, nonce, {
      expirationTime: new Date(Date.now() - 1000),
    });
    const signature = await wallet.signMessage({ message });
    assert.deepEqual(
      outcome(await post('/user/MetaMask', { address: wallet.address, signature, message })),
      refused(401, SIGNIN_MESSAGES.walletExpired),
    );
  });

  it('refuses a message whose nonce expired on the server, whatever its own dates say', async () => {
    const wallet = newWallet();
    const { message, nonce } = await askNonce(wallet.address);
    await app.database.db
      .update(walletNonces)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(walletNonces.nonce, nonce));
    const signature = await wallet.signMessage({ message });
    assert.deepEqual(
      outcome(await post('/user/MetaMask', { address: wallet.address, signature, message })),
      refused(401, SIGNIN_MESSAGES.walletExpired),
    );
  });

  it('refuses a message for another site (domain or URI)', async () => {
    const wallet = newWallet();
    for (const fields of [
      { domain: 'evil.example', uri: 'https://evil.example' },
      { uri: 'https://evil.example/login' },
      { domain: 'evil.example' },
    ]) {
      const { nonce } = await askNonce(wallet.address);
      const message = craftMessage(wallet.address, nonce, fields);
      const signature = await wallet.signMessage({ message });
      assert.deepEqual(
        outcome(await post('/user/MetaMask', { address: wallet.address, signature, message })),
        refused(401, SIGNIN_MESSAGES.walletOtherSite),
        JSON.stringify(fields),
      );
    }
  });

  it('refuses a signature made by another key, and the real one still works after', async () => {
    const wallet = newWallet();
    const thief = newWallet();
    const { message } = await askNonce(wallet.address);
    const forged = await thief.signMessage({ message });
    assert.deepEqual(
      outcome(
        await post('/user/MetaMask', { address: wallet.address, signature: forged, message }),
      ),
      refused(401, SIGNIN_MESSAGES.walletSignatureMismatch),
    );
    const signature = await wallet.signMessage({ message });
    const real = await post('/user/MetaMask', { address: wallet.address, signature, message });
    assert.equal(real.statusCode, 200, 'a forged attempt does not use up the nonce');
  });

  it('refuses a signature that is not one at all', async () => {
    const wallet = newWallet();
    const { message } = await askNonce(wallet.address);
    for (const signature of ['0x1234', 'not-hex', `0x${'ab'.repeat(65)}`]) {
      assert.deepEqual(
        outcome(await post('/user/MetaMask', { address: wallet.address, signature, message })),
        refused(401, SIGNIN_MESSAGES.walletSignatureMismatch),
        signature,
      );
    }
  });

  it('refuses a malformed address', async () => {
    const wallet = newWallet();
    const { message } = await askNonce(wallet.address);
    const signature = await wallet.signMessage({ message });
    for (const address of ['0x1234', 'wallet', `${wallet.address}00`, undefined]) {
      assert.deepEqual(
        outcome(await post('/user/MetaMask', { address, signature, message })),
        refused(400, SIGNIN_MESSAGES.walletAddressInvalid),
        String(address),
      );
    }
  });

  it('refuses a message made for another wallet', async () => {
    const wallet = newWallet();
    const other = newWallet();
    const { message } = await askNonce(wallet.address);
    const signature = await wallet.signMessage({ message });
    assert.deepEqual(
      outcome(await post('/user/MetaMask', { address: other.address, signature, message })),
      refused(401, SIGNIN_MESSAGES.walletOtherWallet),
    );
  });

  it('refuses a nonce issued for another address, or one the API never issued', async () => {
    const wallet = newWallet();
    const other = newWallet();
    const { nonce } = await askNonce(other.address);
    for (const candidate of [nonce, 'a1b2c3d4e5f6a7b8']) {
      const message = craftMessage(wallet.address, candidate);
      const signature = await wallet.signMessage({ message });
      assert.deepEqual(
        outcome(await post('/user/MetaMask', { address: wallet.address, signature, message })),
        refused(401, SIGNIN_MESSAGES.walletNonceUsed),
        candidate,
      );
    }
  });

  it('refuses a message that is not an EIP-4361 message', async () => {
    const wallet = newWallet();
    for (const message of [
      `Hyper Tek login ${Date.now()}`,
      craftMessage(wallet.address, 'a1b2c3d4e5f6a7b8').replace(/\nIssued At: .*/, ''),
      craftMessage(wallet.address, 'a1b2c3d4e5f6a7b8').replace('Version: 1', 'Version: 2'),
      '',
    ]) {
      const signature = await wallet.signMessage({ message: message || ' ' });
      assert.deepEqual(
        outcome(await post('/user/MetaMask', { address: wallet.address, signature, message })),
        refused(400, SIGNIN_MESSAGES.walletMessageInvalid),
        message,
      );
    }
  });
});
