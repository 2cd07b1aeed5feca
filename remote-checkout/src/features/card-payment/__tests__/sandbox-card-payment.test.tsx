import { MESSAGES, session, setRuntimeConfig } from '@hypertek/shared';
import { calls, deferred, recordToasts, serveApi, signIn } from '@hypertek/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';

import {
  AUTHENTICATION_FAILED,
  intentRead,
  paid,
  paymentMethod,
  refusal,
  requiresAction,
  typeCard,
} from '../../../test/payments';
import { renderCardPayment } from '../../../test/card-payment-page';

// Without a publishable key nothing of Stripe may load: these mocks record it if anything tries.
let mockStripeBindingsRequired = false;
jest.mock('@stripe/react-stripe-js', () => {
  mockStripeBindingsRequired = true;
  return {};
});
const mockLoadStripe = jest.fn();
jest.mock('@stripe/stripe-js/pure', () => ({ loadStripe: mockLoadStripe }));

const toasts = recordToasts();
beforeEach(() => {
  localStorage.clear();
  setRuntimeConfig({ stripePublishableKey: '' });
  signIn();
});
afterEach(() => {
  session.signOut();
  setRuntimeConfig({});
});

const renderCardPage = (item?: unknown) => renderCardPayment(item);

const number = () => screen.getByLabelText('Card number');
const expiry = () => screen.getByLabelText('Expiry date (MM / YY)');
const cvc = () => screen.getByLabelText('Security code (CVC)');
const payButton = () => screen.getByRole('button', { name: /^Pay \$|Processing\.\.\./ });

/** Name, card, then 'Pay $amount'. */
async function payWith(
  card: Parameters<typeof typeCard>[1] = {},
  user: UserEvent = userEvent.setup(),
) {
  await user.type(screen.getByLabelText('Name on card'), 'Ada Lovelace');
  await typeCard(user, card);
  await user.click(payButton());
  return user;
}

/** The routes of a card payment that the sandbox accepts; `overrides` replace some. */
const cardRoutes = (overrides: Parameters<typeof serveApi>[0] = {}) =>
  serveApi({
    'POST /payment/sandbox/payment-methods': paymentMethod(),
    'POST /card/pay-with-card': paid(),
    ...overrides,
  });

describe('/stripe-payment with the sandbox: the card form', () => {
  it('offers labelled card fields browsers can fill, and a Test mode note with the test cards', async () => {
    renderCardPage();
    expect(screen.getByRole('group', { name: 'Card details' })).toBeInTheDocument();
    for (const [field, autocomplete] of [
      [number(), 'cc-number'],
      [expiry(), 'cc-exp'],
      [cvc(), 'cc-csc'],
    ] as const) {
      expect(field).toHaveAttribute('autocomplete', autocomplete);
      expect(field).toHaveAttribute('inputmode', 'numeric');
      expect(field).toBeRequired();
    }
    expect(expiry()).toHaveAttribute('placeholder', 'MM / YY');

    const note = within(screen.getByRole('complementary', { name: /Test mode/ }));
    expect(note.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '4242 4242 4242 4242 succeeds',
      '4000 0000 0000 0002 is declined',
      '4000 0027 6000 3184 asks for authentication',
      '4000 0000 0000 9995 is declined for insufficient funds',
    ]);
    await act(() => Promise.resolve());
    expect(mockLoadStripe).not.toHaveBeenCalled();
    expect(mockStripeBindingsRequired).toBe(false);
  });

  it('writes the number in groups of four, the expiry as MM / YY, and keeps only digits', async () => {
    renderCardPage();
    const user = userEvent.setup();
    await user.type(number(), '4242-4242 4242x42424');
    expect(number()).toHaveValue('4242 4242 4242 4242');
    await user.type(expiry(), '1240');
    expect(expiry()).toHaveValue('12 / 40');
    await user.clear(expiry());
    await user.type(expiry(), '4');
    expect(expiry()).toHaveValue('04');
    await user.type(cvc(), '12a345');
    expect(cvc()).toHaveValue('123');
  });

  it('marks each card mistake beside its field, moves focus to the first, and sends nothing', async () => {
    const sent = cardRoutes();
    renderCardPage();
    await payWith({ number: '4242', expiry: '0120', cvc: '1' });

    expect(number()).toHaveAttribute('aria-invalid', 'true');
    expect(number()).toHaveAccessibleDescription('Your card number is incomplete.');
    expect(expiry()).toHaveAccessibleDescription("Your card's expiration date is in the past.");
    expect(cvc()).toHaveAccessibleDescription("Your card's security code is incomplete.");
    expect(number()).toHaveFocus();
    expect(sent).toEqual([]);

    const user = userEvent.setup();
    await user.type(number(), '424242424242');
    expect(number()).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Your card number is incomplete.')).not.toBeInTheDocument();
  });

  it('refuses a number that fails its checksum', async () => {
    const sent = cardRoutes();
    renderCardPage();
    await payWith({ number: '4242424242424241' });
    expect(number()).toHaveAccessibleDescription('Your card number is invalid.');
    expect(sent).toEqual([]);
  });

  it('pays: the card becomes a payment method, pay-with-card charges it, then a toast and /success with what was paid', async () => {
    const answer = deferred();
    const consoleSpies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
      jest.spyOn(console, method),
    );
    const sent = cardRoutes({ 'POST /card/pay-with-card': answer.route });
    renderCardPage();
    await payWith();

    const button = await screen.findByRole('button', { name: 'Processing...' });
    expect(button).toBeDisabled();
    expect(calls(sent)).toEqual([
      {
        method: 'POST',
        url: '/payment/sandbox/payment-methods',
        body: {
          number: '4242424242424242',
          exp_month: 12,
          exp_year: 2040,
          cvc: '123',
          name: 'Ada Lovelace',
        },
      },
      {
        method: 'POST',
        url: '/card/pay-with-card',
        body: {
          userId: 'u1',
          userInfo: { name: 'Ada Lovelace', email: 'ada@example.com' },
          gameDetails: {
            gameId: 'nfa-1',
            serialNumber: 'HT-0042',
            title: 'Neon Ronin',
            price: 1800,
          },
          paymentDetails: { amount: 180000, payment_method_id: 'pm_sandbox_1', currency: 'usd' },
          provider: 'card',
          productId: 'nfa-1',
        },
      },
    ]);

    act(() => answer.resolve(paid()));
    expect(
      await screen.findByRole('heading', { name: 'Your request has been sent successfully' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('receipt')).toHaveTextContent('Paid $1,800 for Neon Ronin by card');
    expect(screen.getByText('Visa ending 4242')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View | My Collection' })).toHaveAttribute(
      'href',
      '/Profile',
    );
    expect(toasts).toEqual([{ kind: 'success', message: 'Payment Successful!' }]);

    // The card never reaches storage or the console.
    const stored = Object.keys(localStorage)
      .map((key) => `${key}=${localStorage.getItem(key) ?? ''}`)
      .join('\n');
    expect(stored).toContain('auth='); // the session is there: storage is really read
    expect(stored).not.toContain('4242424242424242');
    expect(stored).not.toContain('4242 4242');
    const logged = JSON.stringify(consoleSpies.flatMap((spy) => spy.mock.calls));
    expect(logged).not.toMatch(/4242 ?4242 ?4242 ?4242|"123"/);
    consoleSpies.forEach((spy) => spy.mockRestore());
  });

  it.each([
    ['a declined card', 'Your card was declined.', 'card_declined'],
    ['insufficient funds', 'Your card has insufficient funds.', 'card_declined'],
  ])('shows %s in the form, and the form can be sent again', async (_, message, code) => {
    cardRoutes({ 'POST /card/pay-with-card': refusal(402, message, code) });
    renderCardPage();
    await payWith({ number: '4000000000000002' });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(payButton()).toHaveTextContent('Pay $1,800');
    expect(payButton()).toBeEnabled();
    expect(toasts).toEqual([]);
  });

  it("shows the sandbox's refusal of a card that is not a test card, and charges nothing", async () => {
    const refused =
      'Your card was declined. This site takes test cards only, such as 4242 4242 4242 4242.';
    const sent = cardRoutes({
      'POST /payment/sandbox/payment-methods': refusal(400, refused),
    });
    renderCardPage();
    await payWith({ number: '5105105105105100' });
    expect(await screen.findByRole('alert')).toHaveTextContent(refused);
    expect(sent.map((request) => request.path)).toEqual(['/payment/sandbox/payment-methods']);
  });

  it("says 'Payment failed. Please try again.' when the answer's success is false", async () => {
    cardRoutes({ 'POST /card/pay-with-card': { data: { success: false } } });
    renderCardPage();
    await payWith();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.paymentFailedRetry);
  });

  it("says 'User and token data is required' when signed out, and sends nothing", async () => {
    session.signOut();
    const sent = cardRoutes();
    renderCardPage();
    await payWith();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.userAndTokenRequired);
    expect(sent).toEqual([]);
  });

  it('says what the card is charged: the price, not the total with the platform fee', () => {
    renderCardPage();
    expect(payButton()).toHaveTextContent('Pay $1,800');
    expect(screen.getByTestId('charge-note')).toHaveTextContent(
      'Your card is charged $1,800 in USD, the item’s price. The 0.5 USDT platform fee shown in the buy dialog is for information only: it is not charged to your card.',
    );
  });
});

describe('/stripe-payment with the sandbox: the bank asks for authentication', () => {
  const threeDs = '4000002760003184';

  function authenticationRoutes(outcome: 'complete' | 'fail') {
    return cardRoutes({
      'POST /card/pay-with-card': requiresAction('pi_3ds'),
      'POST /payment/sandbox/payment-intents/pi_3ds/authenticate': { data: {} },
      'GET /payment/payment-intent/pi_3ds': intentRead(
        outcome === 'complete'
          ? { status: 'succeeded' }
          : { status: 'requires_payment_method', failureMessage: AUTHENTICATION_FAILED },
      ),
    });
  }

  it('opens a labelled modal dialog with the focus inside; completing it pays and goes to /success', async () => {
    const sent = authenticationRoutes('complete');
    renderCardPage();
    const user = await payWith({ number: threeDs });

    const dialog = await screen.findByRole('dialog', { name: 'Confirm this payment' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/confirm the payment of \$1,800 to Hyper Tek/);
    const complete = within(dialog).getByRole('button', { name: 'Complete authentication' });
    expect(complete).toHaveFocus();
    expect(payButton()).toHaveTextContent('Processing...');
    expect(payButton()).toBeDisabled();

    await user.click(complete);
    expect(
      await screen.findByRole('heading', { name: 'Your request has been sent successfully' }),
    ).toBeInTheDocument();
    expect(toasts).toEqual([{ kind: 'success', message: 'Payment Successful!' }]);
    expect(calls(sent).slice(2)).toEqual([
      {
        method: 'POST',
        url: '/payment/sandbox/payment-intents/pi_3ds/authenticate',
        body: { client_secret: 'pi_3ds_secret_abc', outcome: 'complete' },
      },
      { method: 'GET', url: '/payment/payment-intent/pi_3ds', body: undefined },
    ]);
  });

  it('failing it shows why in the form and charges nothing', async () => {
    const sent = authenticationRoutes('fail');
    renderCardPage();
    const user = await payWith({ number: threeDs });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Fail authentication' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(AUTHENTICATION_FAILED);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(payButton()).toBeEnabled();
    expect(toasts).toEqual([]);
    expect(sent[2]?.body).toEqual({ client_secret: 'pi_3ds_secret_abc', outcome: 'fail' });
  });

  it('Escape fails it, as closing the bank window does; Tab stays in the dialog', async () => {
    const sent = authenticationRoutes('fail');
    renderCardPage();
    const user = await payWith({ number: threeDs });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this payment' });
    const [complete, fail] = within(dialog).getAllByRole('button');
    await user.tab();
    expect(fail).toHaveFocus();
    await user.tab();
    expect(complete).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTHENTICATION_FAILED);
    expect(sent[2]?.body).toEqual({ client_secret: 'pi_3ds_secret_abc', outcome: 'fail' });
  });

  it("shows the API's error when the outcome cannot be read", async () => {
    cardRoutes({
      'POST /card/pay-with-card': requiresAction('pi_3ds'),
      'POST /payment/sandbox/payment-intents/pi_3ds/authenticate': { data: {} },
      'GET /payment/payment-intent/pi_3ds': refusal(404, 'Payment not found'),
    });
    renderCardPage();
    const user = await payWith({ number: threeDs });
    await user.click(await screen.findByRole('button', { name: 'Complete authentication' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Payment not found'));
  });
});
