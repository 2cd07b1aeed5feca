import { session } from '@hypertek/shared';
import { recordFunnelSteps, serveApi, signIn } from '@hypertek/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { intentRead, paid, paymentMethod, refusal, typeCard } from '../../../test/payments';
import { renderCardPayment } from '../../../test/card-payment-page';
import { renderPage } from '../../../test/render-route';
import DashboardPage from '../../dashboard/dashboard-page';

const stepsSent = recordFunnelSteps();
beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(() => session.signOut());

const openCheckout = (item?: unknown) => renderCardPayment(item);

async function payByCard() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Name on card'), 'Ada Lovelace');
  await typeCard(user);
  await user.click(screen.getByRole('button', { name: /^Pay \$/ }));
}

describe("the checkout's funnel steps", () => {
  it('is checkout-opened when the card payment page shows an item, once', async () => {
    openCheckout().unmount();
    openCheckout();
    expect(await stepsSent()).toEqual(['checkout-opened']);
  });

  it('is not checkout-opened without an item to pay for', async () => {
    openCheckout(null);
    expect(await screen.findByText(/no item/i)).toBeInTheDocument();
    expect(await stepsSent()).toEqual([]);
  });

  it('is checkout-paid after a card payment that succeeded', async () => {
    serveApi({
      'POST /payment/sandbox/payment-methods': paymentMethod(),
      'POST /card/pay-with-card': paid(),
    });
    openCheckout();
    await payByCard();
    expect(await screen.findByRole('heading', { name: /success/i })).toBeInTheDocument();
    expect(await stepsSent()).toEqual(['checkout-opened', 'checkout-paid']);
  });

  it('is not checkout-paid when the card is declined', async () => {
    serveApi({
      'POST /payment/sandbox/payment-methods': paymentMethod(),
      'POST /card/pay-with-card': refusal(402, 'Your card was declined.', 'card_declined'),
    });
    openCheckout();
    await payByCard();
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    expect(await stepsSent()).toEqual(['checkout-opened']);
  });

  it('is checkout-paid on the dashboard when the API says the embedded payment succeeded, not when it failed', async () => {
    serveApi({
      'GET /payment/payment-intent/pi_ok': intentRead({ id: 'pi_ok' }),
      'GET /payment/payment-intent/pi_no': intentRead({
        id: 'pi_no',
        status: 'requires_payment_method',
      }),
    });
    const failed = renderPage(
      '/dashboard',
      <DashboardPage />,
      '/dashboard?payment_intent=pi_no&redirect_status=failed',
    );
    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeVisible();
    expect(await stepsSent()).toEqual([]);
    failed.unmount();

    renderPage(
      '/dashboard',
      <DashboardPage />,
      '/dashboard?payment_intent=pi_ok&redirect_status=succeeded',
      {
        strict: true,
      },
    );
    expect(await screen.findByRole('heading', { name: 'Payment confirmed' })).toBeVisible();
    expect(await stepsSent()).toEqual(['checkout-paid']);
  });
});
