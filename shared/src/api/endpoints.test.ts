import { setRuntimeConfig } from '../config/runtime-config';
import { session } from '../session/session-store';
import { signIn, validToken } from '../testing/fixtures';
import { sentUrl, serve } from '../testing/http';
import { api } from './endpoints';

const BASE = 'http://localhost:4000/api/v1';

/** Runs `call` against a server answering `data`; gives back what was sent, as the server sees it. */
async function send(call: () => Promise<unknown>, data: unknown = { success: true }) {
  const requests = serve(200, data);
  const result = await call();
  const sent = requests[0]?.config;
  if (!sent) throw new Error('no request was sent');
  const body: unknown = typeof sent.data === 'string' ? JSON.parse(sent.data) : sent.data;
  return { method: sent.method, url: sentUrl(sent), body, config: sent, result };
}

/** A row of a table of calls: the call sends that method to that path with that body. */
async function sendsAsListed(
  _: string,
  call: () => Promise<unknown>,
  method: string,
  path: string,
  body: unknown,
) {
  const sent = await send(call);
  expect(sent.method).toBe(method);
  expect(sent.url).toBe(`${BASE}${path}`);
  expect(sent.body).toEqual(body);
}

beforeEach(() => {
  localStorage.clear();
  setRuntimeConfig({});
});

describe('api: the calls (docs/product.md, API calls)', () => {
  it.each([
    [
      'signup',
      () => api.signup({ Email: 'a@b.co', Password: 'secret123', ConfirmPassword: 'secret123' }),
      'post',
      '/user/signup',
      { Email: 'a@b.co', Password: 'secret123', ConfirmPassword: 'secret123' },
    ],
    [
      'login',
      () => api.login({ Email: 'a@b.co', Password: 'secret123' }),
      'post',
      '/user/login',
      { Email: 'a@b.co', Password: 'secret123' },
    ],
    ['google', () => api.google('ya29.token'), 'post', '/user/google', { token: 'ya29.token' }],
    ['discord', () => api.discord('code123'), 'post', '/user/discord', { code: 'code123' }],
    [
      'forgotPassword',
      () => api.forgotPassword({ Email: 'a@b.co' }),
      'post',
      '/user/forgot-password',
      { Email: 'a@b.co' },
    ],
    [
      'resetPassword',
      () => api.resetPassword('r/t?1', { Password: 'secret123', ConfirmPassword: 'secret123' }),
      'post',
      '/user/reset-password/r%2Ft%3F1',
      { Password: 'secret123', ConfirmPassword: 'secret123' },
    ],
    ['searchItem', () => api.searchItem('abc 1'), 'get', '/search/item/abc%201', undefined],
    ['getMarket', () => api.getMarket(), 'get', '/market/getMarket', undefined],
    [
      'getMarket (page)',
      () => api.getMarket({ limit: 4, cursor: 'c1' }),
      'get',
      '/market/getMarket?limit=4&cursor=c1',
      undefined,
    ],
    ['getLand', () => api.getLand(), 'get', '/land/getland', undefined],
    ['getActivity', () => api.getActivity(), 'get', '/activity/getActivity', undefined],
    [
      'getMarketFigures',
      () => api.getMarketFigures('land'),
      'get',
      '/market/figures?kind=land',
      undefined,
    ],
    ['getUserActivity', () => api.getUserActivity('u1'), 'get', '/activity/u1', undefined],
    [
      'checkPurchase',
      () => api.checkPurchase({ userId: 'u1', productId: 'p9' }),
      'post',
      '/game/create',
      { userId: 'u1', productId: 'p9' },
    ],
    ['getHistory', () => api.getHistory('u1'), 'get', '/history/history/u1', undefined],
    ['getProfile', () => api.getProfile(), 'get', '/getProfile', undefined],
    [
      'notifications.list',
      () => api.notifications.list({ limit: 10, cursor: 'c2' }),
      'get',
      '/notifications?limit=10&cursor=c2',
      undefined,
    ],
    [
      'notifications.read',
      () => api.notifications.read('41'),
      'post',
      '/notifications/41/read',
      {},
    ],
    [
      'notifications.readAll',
      () => api.notifications.readAll(),
      'post',
      '/notifications/read-all',
      {},
    ],
    [
      'notifications.preferences',
      () => api.notifications.preferences(),
      'get',
      '/notifications/preferences',
      undefined,
    ],
    [
      'notifications.changePreferences',
      () =>
        api.notifications.changePreferences({
          kinds: [{ kind: 'item.sold', email: false }],
          minOfferPrice: 25,
        }),
      'patch',
      '/notifications/preferences',
      { kinds: [{ kind: 'item.sold', email: false }], minOfferPrice: 25 },
    ],
  ] as const)('%s: %s %s', sendsAsListed);

  it('checkPurchase posts {userId, productId} to /game/create and gives the answer', async () => {
    const answer = { success: true, exist: 'no' };
    const sent = await send(() => api.checkPurchase({ userId: 'u1', productId: 'p9' }), answer);

    expect(sent.method).toBe('post');
    expect(sent.url).toBe(`${BASE}/game/create`);
    expect(sent.body).toEqual({ userId: 'u1', productId: 'p9' });
    expect(sent.result).toEqual(answer);
  });

  it('search sends the typed text as query and gives lands and nfas', async () => {
    const answer = { success: true, lands: [{ _id: 'l1', title: 'Dune' }], nfas: [] };
    const controller = new AbortController();
    const sent = await send(() => api.search('monkey ape', { signal: controller.signal }), answer);

    expect(sent.method).toBe('get');
    expect(sent.config.params).toEqual({ query: 'monkey ape' });
    expect(sent.url).toBe(`${BASE}/search/search?query=monkey+ape`);
    expect(sent.config.signal).toBe(controller.signal);
    expect(sent.result).toEqual(answer);
  });

  it('metamask posts address, signature and message as JSON', async () => {
    const body = {
      address: '0xabc',
      signature: '0xsig',
      message: 'Login to Hyper Tek: 1700000000',
    };
    const sent = await send(() => api.metamask(body));

    expect(sent.url).toBe(`${BASE}/user/MetaMask`);
    expect(sent.body).toEqual(body);
    expect(sent.config.headers.get('Content-Type')).toBe('application/json');
  });

  it('metamaskNonce posts the address to /user/MetaMask/nonce and gives the message to sign', async () => {
    const answer = {
      success: true,
      nonce: 'n0nce',
      message: 'localhost wants you to sign in with your Ethereum account:\n0xAbC…',
      issuedAt: '2025-01-01T00:00:00.000Z',
      expiresAt: '2025-01-01T00:05:00.000Z',
    };
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    const sent = await send(() => api.metamaskNonce(address), answer);

    expect(sent.method).toBe('post');
    expect(sent.url).toBe(`${BASE}/user/MetaMask/nonce`);
    expect(sent.body).toEqual({ address });
    expect(sent.result).toEqual(answer);
  });

  it('updateProfile PUTs the multipart form to /profile', async () => {
    const form = new FormData();
    form.append('FullName', 'Ada Lovelace');
    const sent = await send(() => api.updateProfile(form));

    expect(sent.method).toBe('put');
    expect(sent.url).toBe(`${BASE}/profile`);
    expect(sent.body).toBe(form);
  });

  it.each([
    ['getMarket', () => api.getMarket({ limit: 4 })],
    ['getLand', () => api.getLand({ limit: 4 })],
    ['getActivity', () => api.getActivity({ limit: 4 })],
    ['getMarketFigures', () => api.getMarketFigures('nfa')],
  ])(
    '%s goes without the token when signed in (one request for everyone: the preloaded one)',
    async (_name, call) => {
      signIn(undefined, validToken());
      const sent = await send(call);
      // AxiosHeaders `toJSON()` is what the XHR adapter sends: no Authorization in it.
      expect(sent.config.headers.toJSON()).not.toHaveProperty('Authorization');
      session.signOut();
    },
  );

  it('gives the response body to the caller', async () => {
    const answer = { success: true, user: { _id: 'u1' }, token: 't' };
    expect(
      (await send(() => api.login({ Email: 'a@b.co', Password: 'secret123' }), answer)).result,
    ).toEqual(answer);
  });
});

/** The embedded element's request for an intent, as the checkout sends it. */
const INTENT_REQUEST = {
  amount: 1250,
  userId: 'u1',
  gameId: 'land-7',
  gameTitle: 'Sector 7',
  serialNumber: 'L-007',
  currency: 'usd',
  email: 'a@b.co',
  productId: 'land-7',
};

describe('api: card payments', () => {
  it.each([
    [
      'createPaymentIntent',
      () => api.createPaymentIntent(INTENT_REQUEST),
      'post',
      '/payment/create-payment-intent',
      INTENT_REQUEST,
    ],
    [
      'getPaymentIntent',
      () => api.getPaymentIntent('pi_1/2'),
      'get',
      '/payment/payment-intent/pi_1%2F2',
      undefined,
    ],
    ['getPaymentConfig', () => api.getPaymentConfig(), 'get', '/payment/config', undefined],
    [
      'getCollection',
      () => api.getCollection('u 1', { kind: 'land', limit: 4 }),
      'get',
      '/collection/u%201?kind=land&limit=4',
      undefined,
    ],
    [
      'sandboxPayments.createPaymentMethod',
      () =>
        api.sandboxPayments.createPaymentMethod({
          number: '4242 4242 4242 4242',
          exp_month: 12,
          exp_year: 2040,
          cvc: '123',
          name: 'Ada',
        }),
      'post',
      '/payment/sandbox/payment-methods',
      { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2040, cvc: '123', name: 'Ada' },
    ],
    [
      'sandboxPayments.confirmPaymentIntent',
      () =>
        api.sandboxPayments.confirmPaymentIntent('pi_9', {
          client_secret: 'pi_9_secret',
          payment_method: 'pm_sandbox_1',
        }),
      'post',
      '/payment/sandbox/payment-intents/pi_9/confirm',
      { client_secret: 'pi_9_secret', payment_method: 'pm_sandbox_1' },
    ],
    [
      'sandboxPayments.authenticatePaymentIntent',
      () =>
        api.sandboxPayments.authenticatePaymentIntent('pi_9', {
          client_secret: 'pi_9_secret',
          outcome: 'fail',
        }),
      'post',
      '/payment/sandbox/payment-intents/pi_9/authenticate',
      { client_secret: 'pi_9_secret', outcome: 'fail' },
    ],
  ] as const)('%s: %s %s', sendsAsListed);

  it('payWithCard posts to the configured API base (not a fixed address) with the bearer token', async () => {
    setRuntimeConfig({ apiBaseUrl: 'https://api.example.test/api/v1' });
    const token = validToken();
    signIn(undefined, token);
    const request = {
      userId: 'u1',
      userInfo: { name: 'Ada', email: 'a@b.co' },
      gameDetails: { gameId: 'p1', serialNumber: 'S1', title: 'T', price: 12.5 },
      paymentDetails: { amount: 1250, payment_method_id: 'pm_1', currency: 'usd' },
      provider: 'card' as const,
      productId: 'p1',
    };
    const answer = { success: true, message: 'Payment Successful!', payment: { id: 'pay_1' } };
    const sent = await send(() => api.payWithCard(request), answer);

    expect(sent.method).toBe('post');
    expect(sent.url).toBe('https://api.example.test/api/v1/card/pay-with-card');
    expect(sent.config.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(sent.body).toEqual(request);
    expect(sent.result).toEqual(answer);
    session.signOut();
  });

  it("rejects a declined card with the server's error in response.data.error", async () => {
    const decline = {
      success: false,
      message: 'Your card was declined.',
      error: 'Your card was declined.',
      code: 'card_declined',
    };
    serve(402, decline);
    await expect(
      api.payWithCard({
        userId: 'u1',
        userInfo: { name: 'Ada', email: 'a@b.co' },
        gameDetails: { gameId: 'p1', serialNumber: 'S1', title: 'T', price: 1 },
        paymentDetails: { amount: 100, payment_method_id: 'pm_1', currency: 'usd' },
        provider: 'card',
        productId: 'p1',
      }),
    ).rejects.toMatchObject({ response: { status: 402, data: decline } });
  });
});
