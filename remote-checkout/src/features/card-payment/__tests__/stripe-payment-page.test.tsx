import { MESSAGES, session, setRuntimeConfig } from '@hypertek/shared';
import { recordToasts, signIn } from '@hypertek/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { land, nfa, storeItem } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-route';
import SuccessPage from '../../result/success-page';
import {
  PAYMENTS_NOT_CONNECTED,
  PaymentProviderContext,
  type CardPaymentResponse,
  type PaymentProvider,
} from '../lib/payment-provider';
import StripePaymentPage from '../stripe-payment-page';

// Stripe never loads in tests: the React bindings are replaced by a card element we control, and
// the loader by a mock, so no request can leave the machine.
const mockStripe = {
  createPaymentMethod: jest.fn<Promise<unknown>, [unknown]>(),
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

function fakeProvider(payWithCard: PaymentProvider['payWithCard']): PaymentProvider {
  return { name: 'fake', configured: true, payWithCard: jest.fn(payWithCard) };
}

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
  const entry = { pathname: '/stripe-payment', state: 'state' in options ? options.state : nfa };
  return renderPage('/stripe-payment', page, entry, { routes: { '/success': <SuccessPage /> } });
}

const nameInput = () => screen.getByLabelText('Name on card');
const payButton = () => screen.getByRole('button', { name: /^Pay \$|Processing\.\.\./ });

async function payAs(name: string) {
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

describe('/stripe-payment: the Secure Payment layout', () => {
  it('shows the item of navigation state: image, title, description, price and Pay $amount', () => {
    renderCardPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Secure Payment' })).toBeInTheDocument();
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

  it('falls back to the stored paymentItem when there is no navigation state', () => {
    storeItem(land);
    renderCardPage({ state: null });
    expect(screen.getByRole('heading', { name: 'Sector 7 Parcel' })).toBeInTheDocument();
    expect(payButton()).toHaveTextContent('Pay $12.50');
  });

  it('prefers navigation state over the stored item', () => {
    storeItem(land);
    renderCardPage({ state: nfa });
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
    expect(screen.getByTestId('card-element')).toBeInTheDocument();
    first.unmount();
    renderCardPage();
    await waitFor(() => expect(mockLoadStripe).toHaveBeenCalledWith('pk_test_once'));
    expect(mockLoadStripe).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Connecting to the card provider…')).not.toBeInTheDocument();
  });

  it('says it is connecting while Stripe.js is still loading', () => {
    mockStripeLoaded = false;
    renderCardPage();
    expect(screen.getByText('Connecting to the card provider…')).toBeInTheDocument();
    expect(screen.getByTestId('card-element')).toBeInTheDocument();
  });
});

describe('/stripe-payment: without a publishable key', () => {
  beforeEach(() => {
    setRuntimeConfig({ stripePublishableKey: '' });
    mockStripeLoaded = false; // what <Elements stripe={null}> gives its children
  });

  it('shows a clearly labelled unavailable card area and never loads Stripe', async () => {
    renderCardPage();
    const area = screen.getByRole('note', { name: 'Card details' });
    expect(area).toHaveTextContent('Card entry unavailable.');
    expect(screen.queryByTestId('card-element')).not.toBeInTheDocument();
    await act(() => Promise.resolve());
    expect(mockLoadStripe).not.toHaveBeenCalled();
  });

  it("says 'Stripe not loaded' on submit", async () => {
    const provider = fakeProvider(() => Promise.resolve({ success: true }));
    renderCardPage({ provider });
    await payAs('Ada Lovelace');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.stripeNotLoaded);
    expect(provider.payWithCard).not.toHaveBeenCalled();
  });
});

describe('/stripe-payment: the card form', () => {
  it('requires the name on card, and charges nothing without it', async () => {
    const provider = fakeProvider(() => Promise.resolve({ success: true }));
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

    act(() => answer({ success: true, paymentId: 'pay_9' }));
    expect(
      await screen.findByRole('heading', { name: 'Your request has been sent successfully' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('receipt')).toHaveTextContent('Paid $1,800 for Neon Ronin');
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
    const provider = fakeProvider(() => Promise.resolve({ success: true }));
    renderCardPage({ provider });
    await payAs('Ada Lovelace');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card number is incomplete.');
    expect(provider.payWithCard).not.toHaveBeenCalled();
  });

  it("says 'User ID and Payment ID are required' when the provider returns no payment method id", async () => {
    mockStripe.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: '' } });
    renderCardPage({ provider: fakeProvider(() => Promise.resolve({ success: true })) });
    await payAs('Ada Lovelace');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.cardIdsRequired);
  });

  it("says 'User and token data is required' when signed out", async () => {
    session.signOut();
    const provider = fakeProvider(() => Promise.resolve({ success: true }));
    renderCardPage({ provider });
    await payAs('Ada Lovelace');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.userAndTokenRequired);
    expect(provider.payWithCard).not.toHaveBeenCalled();
  });

  it('refuses, with no request, while no payment provider is plugged in', async () => {
    renderCardPage();
    await payAs('Ada Lovelace');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(PAYMENTS_NOT_CONNECTED)).toBeInTheDocument();
    expect(toasts).toEqual([]);
  });
});
