import { api, errorMessage, MARKET_MESSAGES, notify, type MarketOffer } from '@hypertek/shared';
import { useState } from 'react';

import { refreshAfterOffer } from '../../../lib/market-reads';

/** What can be done to an offer: the owner accepts or declines it, its maker cancels it. */
export type OfferAction = 'accept' | 'decline' | 'cancel';

const CALLS = {
  accept: api.market.acceptOffer,
  decline: api.market.declineOffer,
  cancel: api.market.cancelOffer,
} as const;

/** Said when the answer carries no message of its own. */
const DONE: Record<OfferAction, string> = {
  accept: MARKET_MESSAGES.offerAccepted,
  decline: MARKET_MESSAGES.offerDeclined,
  cancel: MARKET_MESSAGES.offerCancelled,
};

/**
 * Accept, decline or cancel an offer: the answer's message as a toast (a refusal's in red), then
 * the offer lists and the item read again, whatever the answer (the offer may have changed
 * meanwhile). `busyId` is the offer whose answer is on its way: its row's buttons wait.
 */
export function useOfferAction() {
  const [busyId, setBusyId] = useState<string | null>(null);

  const run = async (offer: MarketOffer, action: OfferAction): Promise<void> => {
    setBusyId(offer._id);
    try {
      const answer = await CALLS[action](offer._id);
      if (!answer.success) notify.error(answer.message || errorMessage(null));
      else notify.success(answer.message || DONE[action]);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusyId(null);
      void refreshAfterOffer(offer.itemId);
    }
  };

  return { busyId, run };
}
