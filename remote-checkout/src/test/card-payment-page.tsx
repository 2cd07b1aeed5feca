/** The checkout's card page as a test opens it: /stripe-payment with the item, the real result page. */
import type { ReactElement } from 'react';

import SuccessPage from '../features/result/success-page';
import StripePaymentPage from '../features/card-payment/stripe-payment-page';
import { nfa } from './fixtures';
import { renderPage } from './render-route';

/**
 * Renders /stripe-payment entered with `item` as its navigation state (the item page's Buy Now),
 * `page` the card page as given (by default as the host shows it), '/success' the real success
 * page.
 */
export const renderCardPayment = (
  item: unknown = nfa,
  page: ReactElement = <StripePaymentPage />,
) =>
  renderPage(
    '/stripe-payment',
    page,
    { pathname: '/stripe-payment', state: item },
    { routes: { '/success': <SuccessPage /> } },
  );
