/**
 * The secondary market: who owns each item, listings, offers, checkout holds and the ledger.
 * This file makes the market's repository out of its parts, one file each:
 * - item-lock.ts: the item's row lock and what time decided on the item;
 * - holds.ts: pending orders (a checkout's hold, an accepted offer's reservation);
 * - checkout.ts: what the payment path asks (the order to pay for, the purchase check);
 * - listings.ts, offers.ts: the owners' and buyers' actions;
 * - views.ts: listings, offers and an item's market as the answers show them;
 * - figures.ts: the market figures of a kind (floor, owners, sales and volume over time);
 * - rules.ts: the live listing rule and the other rules of time, written once;
 * - refusals.ts: the reasons the market refuses (the routes give them words and statuses);
 * - settlement.ts, ledger.ts: the one settlement of a sale and the ledger's one way in;
 * - sweep.ts: the ends time decided, written down on time (not only by the item's next change);
 * - events.ts: the market's events, one per change, written in the change's transaction.
 *
 * Every decision about one item is taken in a transaction that first locks the item's row, so
 * the decisions about an item happen one after the other, on every driver and API instance; the
 * lock order is always item → order → payment attempt (the payments repository follows it too),
 * so two transactions never wait for each other. The rules that must hold whatever happens are
 * also the database's: one active listing per item, one pending order (checkout hold or offer
 * reservation) per item, one live offer per buyer and item, one accepted offer per item, one
 * ledger transaction per order (partial unique indexes), and, at commit, a balanced ledger, no
 * listing by a non-owner and an item pointing at exactly its active listing (migration 0006).
 * A paid order is settled by settlement.ts, the one settlement; every transaction here runs
 * through db/client.ts `transaction` (run again when the database gives it up).
 *
 * Time comes from the injected clock (tests move it), never from the database's now(): a listing
 * or an offer ends when its time has come, whether or not anything has marked it yet; the first
 * transaction that touches the item writes down what time already decided.
 */
import type { ItemKind } from '@hypertek/shared/contract';
import type { Database } from '../db/client';
import { checkoutActions } from './checkout';
import { marketContext, type MarketOptions } from './context';
import { eventsAfter } from './events';
import { marketFigures } from './figures';
import { balanceOf } from './ledger';
import { listingActions } from './listings';
import { offerActions } from './offers';
import { sweepActions } from './sweep';
import { itemState } from './views';

export function createMarketRepository(database: Database, options: MarketOptions) {
  const market = marketContext(database, options);
  return {
    now: market.now,
    options,
    ...checkoutActions(market),
    ...listingActions(market),
    ...offerActions(market),
    ...sweepActions(market),
    /** What the detail page shows of an item's market (views.ts). */
    itemState: (itemId: number) => itemState(market, itemId),
    /** The figures of a kind and its groups, at the market's time now (figures.ts). */
    figures: (kind: ItemKind) => marketFigures(market, kind),
    /** The market's events after `afterId`, oldest first, in commit order (events.ts). */
    eventsAfter: (afterId: number, limit: number) => eventsAfter(market.db, afterId, limit),
    /** The user's ledger balance, in cents. */
    balance: (userId: string) => balanceOf(market.db, userId),
  };
}

export type MarketRepository = ReturnType<typeof createMarketRepository>;
