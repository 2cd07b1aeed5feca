import { MESSAGES, session, setRuntimeConfig } from '@hypertek/shared';
import { calls, recordToasts, serveApi, signIn } from '@hypertek/shared/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { land, nfa, storeItem } from '../../../test/fixtures';
import { AUTHENTICATION_FAILED, intentRead, paymentRecord } from '../../../test/payments';
import { renderCardPayment } from '../../../test/card-payment-page';
import {
  apiPaymentProvider,
  PaymentProviderContext,
  type CardPaymentResponse,
  type PaymentProvider,
} from '../../../lib/payment-provider';
import StripePaymentPage from '../stripe-payment-page';

// Stripe never loads in tests: the React bindings are replaced by a card element we control, and
// the loader by a mock, so no request can leave the machine.
const mockStripe = {
  createPaymentMethod: jest.fn<Promise<unknown>, [unknown]>(),
  handleNextAction: jest.fn<Promise<unknown>, [unknown]>(),
};
let mockStripeLoaded = true;
jest.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: unknown }) => children,
  CardElement: () => <div data-testid="card-element">card number · MM/YY · CVC</div>,
  useStripe: () => (mockStripeLoaded ? mockStripe : null),
  useElements: () => (mockStripeLoaded ? { getElement: () => ({ element: 'card' }) } : null),
}));
const mockLoadStripe = jest.fn<Promise<unknown>, [string]>();
jest.mock('@stripe/stripe-js/pure', () => ({
  loadStripe: (key: string) => mockLoadStripe(key),
}));

/** The site's provider with `payWithCard` replaced by a mock. */
function fakeProvider(payWithCard: PaymentProvider['payWithCard']): PaymentProvider {
  return { ...apiPaymentProvider, name: 'fake', payWithCard: jest.fn(payWithCard) };
}

const succeeded = (): CardPaymentResponse => ({ success: true, payment: paymentRecord() });

function renderCardPage(
  options: { provider?: PaymentProvider; state?: unknown; strict?: boolean } = {},
) {
  const page = options.provider ? (
    <PaymentProviderContext value={options.provider}>
      <StripePaymentPage />
    </PaymentProviderContext>
  ) : (
    <StripePaymentPage />
  );
  return renderCardPayment('state' in options ? options.state : nfa, page);
}

/** Pays as Ada on the card page, and sees it refused in the form: the alert, no charge asked. */
async function expectRefusedBeforePaying(message: string) {
  const provider = fakeProvider(() => Promise.resolve(succeeded()));
  renderCardPage({ provider });
  await payAs('Ada Lovelace');
  expect(await screen.findByRole('alert')).toHaveTextContent(message);
  expect(provider.payWithCard).not.toHaveBeenCalled();
}

const nameInput = () => screen.getByLabelText('Name on card');
/** The card form once Stripe's code (loaded lazily) is in. */
const cardElement = () => screen.findByTestId('card-element');
const payButton = () => screen.getByRole('button', { name: /^Pay \$|Processing\.\.\./ });

async function payAs(name: string) {
  await cardElement();
  const user = userEvent.setup();
  if (name) await user.type(nameInput(), name);
  await user.click(payButton());
  return user;
}

const toasts = recordToasts();
beforeEach(() => {
  localStorage.clear();
  setRuntimeConfig({ stripePublishableKey: 'pk_test_checkout123' });
  mockStripeLoaded = true;
  mockStripe.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_123' } });
  mockLoadStripe.mockResolvedValue(mockStripe);
  signIn();
});
afterEach(() => {
  session.signOut();
  setRuntimeConfig({});
  jest.clearAllMocks();
});

describe('/stripe-payment with Stripe: the page', () => {
  it('shows the item of navigation state: image, title, description, price and Pay $amount', async () => {
    renderCardPage();
    await cardElement();
    expect(screen.getByRole('heading', { level: 1, name: 'Pay by card' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Neon Ronin' })).toBeInTheDocument();
    expect(screen.getByText('A blade-runner of the 2117 grid.')).toBeInTheDocument();
    expect(screen.getByText('#HT-0042')).toBeInTheDocument();
    expect(screen.getByTestId('item-price')).toHaveTextContent('$1,800');
    expect(screen.getByRole('img', { name: 'Neon Ronin' })).toHaveAttribute(
      'src',
      'http://localhost:4000/uploads/ronin.png',
    );
    expect(payButton()).toHaveTextContent('Pay $1,800');
    expect(payButton()).toBeEnabled();
  });

  it('falls back to the stored paymentItem when there is no navigation state', async () => {
    storeItem(land);
    renderCardPage({ state: null });
    await cardElement();
    expect(screen.getByRole('heading', { name: 'Sector 7 Parcel' })).toBeInTheDocument();
    expect(payButton()).toHaveTextContent('Pay $12.50');
  });

  it('prefers navigation state over the stored item', async () => {
    storeItem(land);
    renderCardPage({ state: nfa });
    await cardElement();
    expect(screen.getByRole('heading', { name: 'Neon Ronin' })).toBeInTheDocument();
    expect(screen.queryByText('Sector 7 Parcel')).not.toBeInTheDocument();
  });

  it('says no item is selected when neither state nor storage has one', () => {
    localStorage.setItem('paymentItem', '{not json');
    renderCardPage({ state: null });
    expect(screen.getByRole('heading', { name: 'No item selected' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Name on card')).not.toBeInTheDocument();
  });

  it('shows the Stripe card element when a publishable key is configured, loading Stripe once per key', async () => {
    setRuntimeConfig({ stripePublishableKey: 'pk_test_once' });
    const first = renderCardPage();
    expect(await cardElement()).toBeInTheDocument();
    first.unmount();
    renderCardPage();
    await cardElement();
    await waitFor(() => expect(mockLoadStripe).toHaveBeenCalledWith('pk_test_once'));
    expect(mockLoadStripe).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Connecting to the card provider…')).not.toBeInTheDocument();
  });

  it('says it is connecting while Stripe.js is still loading', async () => {
    mockStripeLoaded = false;
    renderCardPage();
    expect(await cardElement()).toBeInTheDocument();
    expect(screen.getByText('Connecting to the card provider…')).toBeInTheDocument();
  });

  it("says 'Stripe not loaded' on submit when Stripe.js did not load", async () => {
    mockStripeLoaded = false; // what <Elements stripe={null}> gives its children
    await expectRefusedBeforePaying(MESSAGES.stripeNotLoaded);
  });

  it("lets the buyer choose the card form (chosen first) or 'Secure Payment'", async () => {
    serveApi({ 'POST /payment/create-payment-intent': () => new Promise(() => undefined) });
    renderCardPage();
    await cardElement();
    const card = screen.getByRole('radio', { name: /Card form/ });
    expect(card).toBeChecked();
    expect(screen.getByRole('heading', { level: 2, name: 'Card payment' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /Secure Payment/ }));
    expect(screen.getByRole('heading', { level: 2, name: 'Secure Payment' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Name on card')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Preparing the secure payment form…');
  });
});

describe('/stripe-payment with Stripe: the card form', () => {
  it('requires the name on card, and charges nothing without it', async () => {
    const provider = fakeProvider(() => Promise.resolve(succeeded()));
    renderCardPage({ provider });
    await payAs('   ');
    expect(screen.getByText('Name on card is required')).toBeInTheDocument();
    expect(nameInput()).toHaveAttribute('aria-invalid', 'true');
    expect(nameInput()).toBeRequired();
    expect(nameInput()).toHaveFocus();
    expect(mockStripe.createPaymentMethod).not.toHaveBeenCalled();
    expect(provider.payWithCard).not.toHaveBeenCalled();
  });

  it('shows Processing... on a disabled button while paying, then toasts and goes to /success with the payment data', async () => {
    let answer!: (response: CardPaymentResponse) => void;
    const provider = fakeProvider(
      () => new Promise<CardPaymentResponse>((resolve) => (answer = resolve)),
    );
    renderCardPage({ provider });
    await payAs('Ada Lovelace');

    const button = await screen.findByRole('button', { name: 'Processing...' });
    expect(button).toBeDisabled();
    expect(provider.payWithCard).toHaveBeenCalledWith({
      userId: 'u1',
      userInfo: { name: 'Ada Lovelace', email: 'ada@example.com' },
      gameDetails: { gameId: 'nfa-1', serialNumber: 'HT-0042', title: 'Neon Ronin', price: 1800 },
      paymentDetails: { amount: 180000, payment_method_id: 'pm_123', currency: 'usd' },
      provider: 'card',
      productId: 'nfa-1',
    });
    expect(mockStripe.createPaymentMethod).toHaveBeenCalledWith({
      type: 'card',
      card: { element: 'card' },
      billing_details: { name: 'Ada Lovelace' },
    });

    act(() => answer(succeeded()));
    expect(
      await screen.findByRole('heading', { name: 'Your request has been sent successfully' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('receipt')).toHaveTextContent('Paid $1,800 for Neon Ronin');
    expect(screen.getByText('pi_1')).toBeInTheDocument();
    expect(toasts).toEqual([{ kind: 'success', message: 'Payment Successful!' }]);
  });

  it('pays once when the button is pressed twice', async () => {
    const provider = fakeProvider(() => new Promise<CardPaymentResponse>(() => undefined));
    renderCardPage({ provider });
    const user = await payAs('Ada Lovelace');
    await user.click(payButton());
    expect(provider.payWithCard).toHaveBeenCalledTimes(1);
  });

  it("says 'Payment failed. Please try again.' when the answer's success is false", async () => {
    renderCardPage({ provider: fakeProvider(() => Promise.resolve({ success: false })) });
    await payAs('Ada Lovelace');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.paymentFailedRetry);
    expect(payButton()).toHaveTextContent('Pay $1,800');
    expect(payButton()).toBeEnabled();
    expect(toasts).toEqual([]);
  });

  it("shows the server's error when the request fails with one", async () => {
    const failure = Object.assign(new Error('Request failed with status code 402'), {
      response: { data: { success: false, error: 'Your card was declined.' } },
    });
    renderCardPage({ provider: fakeProvider(() => Promise.reject(failure)) });
    await payAs('Ada Lovelace');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
  });

  it("otherwise shows the error's message", async () => {
    renderCardPage({ provider: fakeProvider(() => Promise.reject(new Error('Network Error'))) });
    await payAs('Ada Lovelace');
    expect(await screen.findByRole('alert')).toHaveTextContent('Network Error');
  });

  it("shows the card provider's own error (a declined or incomplete card) in the form", async () => {
    mockStripe.createPaymentMethod.mockResolvedValue({
      error: { message: 'Your card number is incomplete.' },
    });
    await expectRefusedBeforePaying('Your card number is incomplete.');
  });

  it("says 'User ID and Payment ID are required' when the provider returns no payment method id", async () => {
    mockStripe.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: '' } });
    renderCardPage({ provider: fakeProvider(() => Promise.resolve(succeeded())) });
    await payAs('Ada Lovelace');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.cardIdsRequired);
  });

  it("says 'User and token data is required' when signed out", async () => {
    session.signOut();
    await expectRefusedBeforePaying(MESSAGES.userAndTokenRequired);
  });

  it('charges through the API by default (no provider given)', async () => {
    const sent = serveApi({
      'POST /card/pay-with-card': {
        data: { success: true, message: 'Payment Successful!', payment: paymentRecord() },
      },
    });
    renderCardPage();
    await payAs('Ada Lovelace');
    expect(
      await screen.findByRole('heading', { name: 'Your request has been sent successfully' }),
    ).toBeInTheDocument();
    expect(calls(sent).map((call) => call.url)).toEqual(['/card/pay-with-card']);
  });
});

describe('/stripe-payment with Stripe: the bank asks for authentication', () => {
  const actionNeeded: CardPaymentResponse = {
    success: false,
    requiresAction: true,
    status: 'requires_action',
    paymentIntentId: 'pi_3ds',
    clientSecret: 'pi_3ds_secret_abc',
    message: 'Your bank asks you to confirm this payment.',
  };

  it('lets Stripe run it (handleNextAction), then reads the outcome from the API: succeeded → /success', async () => {
    mockStripe.handleNextAction.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const sent = serveApi({ 'GET /payment/payment-intent/pi_3ds': intentRead() });
    renderCardPage({ provider: fakeProvider(() => Promise.resolve(actionNeeded)) });
    await payAs('Ada Lovelace');
    expect(
      await screen.findByRole('heading', { name: 'Your request has been sent successfully' }),
    ).toBeInTheDocument();
    expect(mockStripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_3ds_secret_abc' });
    expect(calls(sent).map((call) => call.url)).toEqual(['/payment/payment-intent/pi_3ds']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toasts).toEqual([{ kind: 'success', message: 'Payment Successful!' }]);
  });

  it("shows the intent's failure in the form when the authentication failed", async () => {
    mockStripe.handleNextAction.mockResolvedValue({
      error: { message: 'Authentication failed at the bank.' },
    });
    serveApi({
      'GET /payment/payment-intent/pi_3ds': intentRead({
        status: 'requires_payment_method',
        failureMessage: AUTHENTICATION_FAILED,
      }),
    });
    renderCardPage({ provider: fakeProvider(() => Promise.resolve(actionNeeded)) });
    await payAs('Ada Lovelace');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTHENTICATION_FAILED);
    expect(toasts).toEqual([]);
  });

  it("falls back to Stripe's error when the API gives no reason", async () => {
    mockStripe.handleNextAction.mockResolvedValue({
      error: { message: 'Authentication failed at the bank.' },
    });
    serveApi({
      'GET /payment/payment-intent/pi_3ds': intentRead({ status: 'requires_payment_method' }),
    });
    renderCardPage({ provider: fakeProvider(() => Promise.resolve(actionNeeded)) });
    await payAs('Ada Lovelace');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Authentication failed at the bank.'),
    );
  });
});
