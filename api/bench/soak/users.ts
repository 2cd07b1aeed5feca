/**
 * The soak's users: each signed up with two cards (one that pays, one that is declined) and its
 * own PRNG stream; and what they believe of the market (shared: they learn from every answer,
 * and drift is fine: a stale belief makes a request the API refuses, which is part of the soak).
 */
import { randomBytes } from 'node:crypto';
import { HOUSE_USER_ID } from '../../src/db/schema';
import type { ApiDetail, ApiOffer, Call } from './http';
import { must, prng } from './random';

export interface ItemState {
  id: string;
  owner: string;
  listing: { id: string; cents: number } | null;
  lastCents: number;
}
export interface OfferState {
  id: string;
  itemId: string;
  buyer: string;
  cents: number;
  status: 'open' | 'accepted';
}
export interface User {
  index: number;
  id: string;
  auth: string;
  card: string;
  declinedCard: string;
  rand: () => number;
}

/** What the users believe of the market's items and live offers, and how an answer updates it. */
export type MarketPicture = ReturnType<typeof marketPicture>;

/**
 * The picture at the start: `poolSize` of the house's listings (`house`), drawn by the seed
 * (stream 0).
 */
export function marketPicture(
  house: readonly { id: string; cents: number }[],
  seed: number,
  poolSize: number,
) {
  const items = new Map<string, ItemState>();
  const offers = new Map<string, OfferState>();

  // The item pool: house listings, drawn by the seed.
  const setupRand = prng(seed, 0);
  const shuffled = [...house]
    .map((item) => ({ item, key: setupRand() }))
    .sort((a, b) => a.key - b.key)
    .map((entry) => entry.item);
  for (const item of shuffled.slice(0, poolSize)) {
    items.set(item.id, {
      id: item.id,
      owner: HOUSE_USER_ID,
      listing: { id: '', cents: item.cents },
      lastCents: item.cents,
    });
  }
  const pool = [...items.keys()];

  const learnDetail = (itemId: string, value: unknown) => {
    const data = value as ApiDetail | null | undefined;
    const item = items.get(itemId);
    if (item === undefined || data === null || data === undefined) return;
    item.owner = data.ownerId;
    const listing = data.market?.listing;
    item.listing =
      listing === null || listing === undefined
        ? null
        : { id: listing._id, cents: Math.round(listing.price * 100) };
    if (item.listing !== null) item.lastCents = item.listing.cents;
  };
  const learnOffer = (offer: ApiOffer | undefined) => {
    if (offer === undefined) return;
    const status = offer.status;
    if (status === 'Open' || status === 'Accepted') {
      offers.set(offer._id, {
        id: offer._id,
        itemId: offer.itemId,
        buyer: offer.fromId,
        cents: Math.round(offer.offer * 100),
        status: status === 'Open' ? 'open' : 'accepted',
      });
    } else {
      offers.delete(offer._id);
    }
  };
  const bought = (user: User, itemId: string) => {
    const item = items.get(itemId);
    if (item !== undefined) {
      item.owner = user.id;
      item.listing = null;
    }
    for (const offer of [...offers.values()]) {
      if (offer.itemId === itemId && (offer.buyer === user.id || offer.status === 'accepted')) {
        offers.delete(offer.id);
      }
    }
  };

  return { items, offers, pool, learnDetail, learnOffer, bought };
}

/** Signs up `count` users, each with its cards and its PRNG stream (stream index + 1). */
export async function signUpUsers(call: Call, seed: number, count: number): Promise<User[]> {
  const paymentMethod = async (number: string): Promise<string> => {
    const { status, json } = await call('setup', 'POST', '/payment/sandbox/payment-methods', {
      number,
      exp_month: 12,
      exp_year: new Date().getFullYear() + 3,
      cvc: '123',
    });
    if (status !== 200) throw new Error(`payment method refused: ${JSON.stringify(json)}`);
    return must(json.id);
  };
  const users: User[] = [];
  for (let index = 0; index < count; index++) {
    const password = 'Soak-2117!';
    const { status, json } = await call('setup', 'POST', '/user/signup', {
      Email: `soak-${seed}-${index}-${randomBytes(3).toString('hex')}@example.com`,
      Password: password,
      ConfirmPassword: password,
    });
    if (status !== 201) throw new Error(`sign-up refused: ${JSON.stringify(json)}`);
    users.push({
      index,
      id: must(json.user)._id,
      auth: `Bearer ${must(json.token)}`,
      card: await paymentMethod('4242 4242 4242 4242'),
      declinedCard: await paymentMethod('4000 0000 0000 0002'),
      rand: prng(seed, index + 1),
    });
  }
  return users;
}
