import { MESSAGES } from '@hypertek/shared';
import { recordToasts } from '@hypertek/shared/testing';
import { screen, waitFor } from '@testing-library/react';

import { renderPage } from '../../../test/render-route';
import DashboardPage from '../dashboard-page';

const toasts = recordToasts();

const renderDashboard = (url: string) =>
  renderPage('/dashboard', <DashboardPage />, url, { strict: true });

describe('/dashboard after a card redirect', () => {
  it("toasts 'Payment Successful! 💳' once, even in StrictMode, then removes the query", async () => {
    const { router } = renderDashboard(
      '/dashboard?payment_intent=pi_42&payment_intent_client_secret=pi_42_secret&redirect_status=succeeded',
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Welcome to Dashboard' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(toasts).toEqual([{ kind: 'success', message: 'Payment Successful! 💳' }]);
    expect(screen.getByRole('heading', { name: 'Payment confirmed' })).toBeInTheDocument();
    expect(screen.getByText('pi_42')).toBeInTheDocument();
  });

  it("toasts 'Payment Failed ❌' once for a failed payment", async () => {
    const { router } = renderDashboard('/dashboard?redirect_status=failed&payment_intent=pi_7');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(toasts).toEqual([{ kind: 'error', message: MESSAGES.embeddedPaymentFailed }]);
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/payment');
  });

  it('does not toast for another status, still clears the query, and keeps unrelated parameters', async () => {
    const { router } = renderDashboard(
      '/dashboard?tab=orders&redirect_status=processing&payment_intent=pi_8',
    );
    await waitFor(() => expect(router.state.location.search).toBe('?tab=orders'));
    expect(toasts).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Payment processing' })).toBeInTheDocument();
  });

  it('shows the dashboard without toasts when opened directly', () => {
    const { router } = renderDashboard('/dashboard');
    expect(screen.getByRole('heading', { name: 'Welcome to Dashboard' })).toBeInTheDocument();
    expect(router.state.historyAction).toBe('POP');
    expect(toasts).toEqual([]);
  });
});
