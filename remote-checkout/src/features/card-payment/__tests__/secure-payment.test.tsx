import { MESSAGES, session, setRuntimeConfig } from '@hypertek/shared';
import { calls, recordToasts, serveApi, signIn, type Routes } from '@hypertek/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { nfa } from '../../../test/fixtures';
import {
  intentRead,
  paymentMethod,
  refusal,
  sandboxIntent,
  typeCard,
} from '../../../test/payments';
import { renderPage } from '../../../test/render-route';
import DashboardPage from '../../dashboard/dashboard-page';
import StripePaymentPage from '../stripe-payment-page';

// With a key, Stripe's bindings are replaced by a payment element we control; without one they
// must never load.
const mockStripe = { confirmPayment: jest.fn<Promise<unknown>, [unknown]>() };
const mockElements = { element: 'elements' };
const mockElementsOptions: unknown[] = [];
jest.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: unknown; options: unknown }) => {
    mockElementsOptions.push(options);
    return children;
  },
  CardElement: () => <div data-testid="card-element">card number · MM/YY · CVC</div>,
  PaymentElement: () => <div data-testid="payment-element">Stripe payment element</div>,
  useStripe: () => mockStripe,
  useElements: () => mockElements,
}));
const mockLoadStripe = jest.fn<Promise<unknown>, [string]>();
jest.mock('@stripe/stripe-js/pure', () => ({ loadStripe: (key: string) => mockLoadStripe(key) }));

const toasts = recordToasts();
beforeEach(() => {
  localStorage.clear();
  setRuntimeConfig({ stripePublishableKey: '' });
  mockElementsOptions.length = 0;
  signIn();
});
afterEach(() => {
  session.signOut();
  setRuntimeConfig({});
  jest.clearAllMocks();
});

const intentCreated = {
  data: {
    success: true,
    clientSecret: 'pi_emb_secret_xyz',
    paymentIntentId: 'pi_emb',
    amount: 180000,
    currency: 'usd',
    provider: 'sandbox',
  },
};

/** /stripe-payment with 'Secure Payment' chosen; /dashboard is the real page. */
async function openSecurePayment(item: unknown = nfa) {
  const view = renderPage(
    '/stripe-payment',
    <StripePaymentPage />,
    { pathname: '/stripe-payment', state: item },
    { routes: { '/dashboard': <DashboardPage /> } },
  );
  await userEvent.click(screen.getByRole('radio', { name: /Secure Payment/ }));
  return view;
}

const serveSandbox = (overrides: Routes = {}) =>
  serveApi({
    'POST /payment/create-payment-intent': intentCreated,
    'POST /payment/sandbox/payment-methods': paymentMethod(),
    'POST /payment/sandbox/payment-intents/pi_emb/confirm': { data: sandboxIntent() },
    ...overrides,
  });

async function payWithCard(card: Parameters<typeof typeCard>[1] = {}) {
  const user = userEvent.setup();
  await typeCard(user, card);
  await user.click(await screen.findByRole('button', { name: 'Pay $1,800' }));
  return user;
}

describe("'Secure Payment': the client secret", () => {
  it('asks for a client secret with the item and buyer, then shows the card fields and Pay $amount', async () => {
    const sent = serveSandbox();
    await openSecurePayment();
    expect(await screen.findByRole('button', { name: 'Pay $1,800' })).toBeEnabled();
    expect(screen.getByLabelText('Card number')).toBeInTheDocument();
    expect(screen.getByTestId('charge-note')).toHaveTextContent('Your card is charged $1,800');
    // The item stays in view: image, title, description, price.
    expect(screen.getByRole('img', { name: 'Neon Ronin' })).toBeInTheDocument();
    expect(screen.getByText('A blade-runner of the 2117 grid.')).toBeInTheDocument();
    expect(screen.getByTestId('item-price')).toHaveTextContent('$1,800');
    expect(calls(sent)).toEqual([
      {
        method: 'POST',
        url: '/payment/create-payment-intent',
        body: {
          amount: 180000,
          userId: 'u1',
          gameId: 'nfa-1',
          gameTitle: 'Neon Ronin',
          serialNumber: 'HT-0042',
          currency: 'usd',
          email: 'ada@example.com',
          productId: 'nfa-1',
        },
      },
    ]);
  });

  it("says 'Failed to get client secret' when the answer has none, and can ask again", async () => {
    const sent = serveSandbox({
      'POST /payment/create-payment-intent': { data: { success: true } },
    });
    await openSecurePayment();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.clientSecretFailed);
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(sent).toHaveLength(2));
  });

  it.each([
    ['a server error', { status: 500, data: {} }, null],
    [
      "a refusal, with the server's reason",
      refusal(409, MESSAGES.alreadyPurchased),
      MESSAGES.alreadyPurchased,
    ],
  ])("says 'Failed to create payment intent' on %s", async (_, reply, reason) => {
    serveSandbox({ 'POST /payment/create-payment-intent': reply });
    await openSecurePayment();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.paymentIntentFailed);
    if (reason) expect(alert).toHaveTextContent(reason);
  });

  it("says 'User data , amount and item details are required' when signed out, and asks nothing", async () => {
    session.signOut();
    const sent = serveSandbox();
    await openSecurePayment();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('User data , amount and item details are required');
    expect(within(alert).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    expect(sent).toEqual([]);
  });

  it('says the same for an item without a price, and asks nothing', async () => {
    const sent = serveSandbox();
    await openSecurePayment({ ...nfa, price: 0 });
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.paymentDetailsRequired);
    expect(sent).toEqual([]);
  });
});

describe("'Secure Payment' with the sandbox: confirm and return to /dashboard", () => {
  const returnQuery = (status: string) =>
    `?payment_intent=pi_emb&payment_intent_client_secret=pi_emb_secret_xyz&redirect_status=${status}`;

  it('confirms the intent with the card and goes to /dashboard with the query Stripe adds', async () => {
    const sent = serveSandbox({
      'GET /payment/payment-intent/pi_emb': () => new Promise(() => {}),
    });
    const { router } = await openSecurePayment();
    await payWithCard();

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls(sent).slice(1, 3)).toEqual([
      {
        method: 'POST',
        url: '/payment/sandbox/payment-methods',
        body: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' },
      },
      {
        method: 'POST',
        url: '/payment/sandbox/payment-intents/pi_emb/confirm',
        body: { client_secret: 'pi_emb_secret_xyz', payment_method: 'pm_sandbox_1' },
      },
    ]);
    // /dashboard then toasts once and removes the query, client secret included.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(toasts).toEqual([{ kind: 'success', message: 'Payment Successful! 💳' }]);
  });

  it('arrives with payment_intent, its client secret and redirect_status=succeeded, exactly', async () => {
    serveSandbox();
    const { router } = await openSecurePayment();
    const arrivals: string[] = [];
    router.subscribe((state) => arrivals.push(state.location.pathname + state.location.search));
    await payWithCard();
    await waitFor(() => expect(arrivals[0]).toBe(`/dashboard${returnQuery('succeeded')}`));
  });

  it('shows a refused card in the form and stays, as Stripe does', async () => {
    serveSandbox({
      'POST /payment/sandbox/payment-intents/pi_emb/confirm': refusal(
        402,
        'Your card was declined.',
        'card_declined',
      ),
    });
    const { router } = await openSecurePayment();
    await payWithCard({ number: '4000000000000002' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(router.state.location.pathname).toBe('/stripe-payment');
    expect(screen.getByRole('button', { name: 'Pay $1,800' })).toBeEnabled();
  });

  it.each([
    ['Complete authentication', 'succeeded', 'succeeded'],
    ['Fail authentication', 'failed', 'requires_payment_method'],
  ] as const)(
    'runs the bank authentication when asked (%s) and returns with redirect_status=%s',
    async (button, redirect, status) => {
      const sent = serveSandbox({
        'POST /payment/sandbox/payment-intents/pi_emb/confirm': {
          data: sandboxIntent({
            status: 'requires_action',
            next_action: { type: 'use_sandbox_authentication' },
          }),
        },
        'POST /payment/sandbox/payment-intents/pi_emb/authenticate': { data: sandboxIntent() },
        'GET /payment/payment-intent/pi_emb': intentRead({ id: 'pi_emb', status }),
      });
      const { router } = await openSecurePayment();
      const arrivals: string[] = [];
      router.subscribe((state) => arrivals.push(state.location.pathname + state.location.search));
      const user = await payWithCard({ number: '4000002760003184' });

      const dialog = await screen.findByRole('dialog', { name: 'Confirm this payment' });
      await user.click(within(dialog).getByRole('button', { name: button }));
      await waitFor(() => expect(arrivals[0]).toBe(`/dashboard${returnQuery(redirect)}`));
      expect(sent.find((request) => request.path.endsWith('/authenticate'))?.body).toEqual({
        client_secret: 'pi_emb_secret_xyz',
        outcome: button === 'Complete authentication' ? 'complete' : 'fail',
      });
    },
  );
});

describe("'Secure Payment' with Stripe: the embedded payment element", () => {
  beforeEach(() => {
    setRuntimeConfig({ stripePublishableKey: 'pk_test_embedded' });
    mockLoadStripe.mockResolvedValue(mockStripe);
  });

  it('shows Stripe’s payment element for the client secret, and confirms with the return address /dashboard', async () => {
    mockStripe.confirmPayment.mockResolvedValue({ error: { message: 'Your card was declined.' } });
    serveApi({ 'POST /payment/create-payment-intent': intentCreated });
    await openSecurePayment();

    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
    expect(mockElementsOptions).toContainEqual(
      expect.objectContaining({ clientSecret: 'pi_emb_secret_xyz' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Pay $1,800' }));
    expect(mockStripe.confirmPayment).toHaveBeenCalledWith({
      elements: mockElements,
      confirmParams: { return_url: 'http://localhost/dashboard' },
    });
    // Stripe comes back only with an error: the provider's message, in the form.
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(mockLoadStripe).toHaveBeenCalledWith('pk_test_embedded');
  });

  it('uses the configured return address', async () => {
    setRuntimeConfig({
      stripePublishableKey: 'pk_test_embedded',
      paymentReturnUrl: 'https://shop.example/dashboard',
    });
    mockStripe.confirmPayment.mockReturnValue(new Promise(() => undefined));
    serveApi({ 'POST /payment/create-payment-intent': intentCreated });
    await openSecurePayment();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $1,800' }));
    expect(mockStripe.confirmPayment).toHaveBeenCalledWith(
      expect.objectContaining({
        confirmParams: { return_url: 'https://shop.example/dashboard' },
      }),
    );
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  });
});
