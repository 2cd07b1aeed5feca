/**
 * The soak's operations: each draws six values from the user's stream, whatever it turns out to
 * be, so a rerun with the same seed makes the same decisions. An operation with nothing to act
 * on becomes a buy (or a read).
 */
import { HOUSE_USER_ID } from '../../src/db/schema';
import type { SoakServer } from './api-process';
import type { Figures } from './figures';
import type { ApiOffer, Call } from './http';
import { jumpOf, kindOf, LISTING_EXPIRIES, OFFER_EXPIRIES, type Kind } from './mix';
import { must, pick, uuidOf } from './random';
import type { ItemState, MarketPicture, User } from './users';

export function soakOperations({
  call,
  picture,
  server,
  figures,
}: {
  call: Call;
  picture: MarketPicture;
  server: SoakServer;
  figures: Figures;
}) {
  const { items, offers, pool, learnDetail, learnOffer, bought } = picture;
  /** How far the market's clock was moved (clock jumps), in milliseconds. */
  let clockOffset = 0;

  const dollars = (cents: number) => cents / 100;
  const priceNear = (cents: number, r: number) => Math.max(1, Math.round(cents * (0.5 + r)));

  const buyByCard = async (
    kind: Kind,
    user: User,
    item: ItemState,
    cents: number,
    card: string,
  ) => {
    const { status } = await call(
      kind,
      'POST',
      '/card/pay-with-card',
      {
        userId: user.id,
        productId: item.id,
        paymentDetails: { amount: cents, payment_method_id: card, currency: 'usd' },
        provider: 'card',
      },
      user,
    );
    if (status === 200) bought(user, item.id);
    else if (status !== 402) await refresh(user, item.id);
  };
  /** After a refusal, what the item looks like now (a read, not counted as an operation). */
  const refresh = async (user: User, itemId: string) => {
    const { status, json } = await call(
      'refresh',
      'GET',
      `/search/item/${itemId}`,
      undefined,
      user,
    );
    if (status === 200) learnDetail(itemId, json.data);
  };

  async function operate(user: User): Promise<string> {
    // Every operation draws six values, whatever it turns out to be.
    const r = [
      user.rand(),
      user.rand(),
      user.rand(),
      user.rand(),
      user.rand(),
      user.rand(),
    ] as const;
    let kind = kindOf(r[0]);
    const mine = [...items.values()].filter((i) => i.owner === user.id);
    const myListed = mine.filter((i) => i.listing !== null);
    const listedByOthers = [...items.values()].filter(
      (i) => i.listing !== null && i.owner !== user.id,
    );
    const myOffers = [...offers.values()].filter((o) => o.buyer === user.id);
    const offersToMe = [...offers.values()].filter(
      (o) => o.status === 'open' && items.get(o.itemId)?.owner === user.id,
    );
    // An operation with nothing to act on becomes a buy (or a read): every op does something.
    const fallbacks: Partial<Record<Kind, boolean>> = {
      list: mine.filter((i) => i.listing === null).length === 0,
      reprice: myListed.length === 0,
      cancel: myListed.length === 0,
      'bulk-cancel': myListed.length === 0,
      'replace-offer': myOffers.filter((o) => o.status === 'open').length === 0,
      accept: offersToMe.length === 0,
      decline: offersToMe.length === 0,
      'cancel-offer': myOffers.length === 0,
      'pay-offer': myOffers.filter((o) => o.status === 'accepted').length === 0,
    };
    if (fallbacks[kind] === true) kind = listedByOthers.length > 0 ? 'buy' : 'item-detail';

    switch (kind) {
      case 'list': {
        const item = must(
          pick(
            mine.filter((i) => i.listing === null),
            r[1],
          ),
        );
        const cents = priceNear(item.lastCents, r[2]);
        const { status, json } = await call(
          kind,
          'POST',
          '/market/listings',
          { itemId: item.id, price: dollars(cents), expiresIn: pick(LISTING_EXPIRIES, r[3]) },
          user,
        );
        if (status === 201) {
          item.listing = { id: must(json.listing)._id, cents };
          item.lastCents = cents;
        } else await refresh(user, item.id);
        break;
      }
      case 'reprice': {
        const item = must(pick(myListed, r[1]));
        const cents = priceNear(item.lastCents, r[2]);
        const { status } = await call(
          kind,
          'PATCH',
          `/market/listings/${must(item.listing).id}`,
          { price: dollars(cents) },
          user,
        );
        if (status === 200 && item.listing !== null) {
          item.listing.cents = cents;
          item.lastCents = cents;
        } else if (status !== 200) await refresh(user, item.id);
        break;
      }
      case 'cancel':
      case 'bulk-cancel': {
        const chosen =
          kind === 'cancel'
            ? [must(pick(myListed, r[1]))]
            : myListed.filter((_, i) => (i * 7919 + Math.floor(r[1] * 1000)) % 3 !== 0).slice(0, 5);
        if (chosen.length === 0) chosen.push(must(myListed[0]));
        const ids = chosen.map((i) => must(i.listing).id);
        // A bulk cancel also names a listing that does not exist ('not-found' for it).
        if (kind === 'bulk-cancel') ids.push(uuidOf(r[2], r[3]));
        const { status, json } = await call(kind, 'POST', '/market/listings/cancel', { ids }, user);
        if (status === 200) {
          for (const result of json.results ?? []) {
            const item = chosen.find((i) => i.listing?.id === result._id);
            if (item !== undefined && result.status !== 'busy') item.listing = null;
            if (item !== undefined && result.status === 'sold') await refresh(user, item.id);
          }
        }
        break;
      }
      case 'offer':
      case 'replace-offer': {
        const candidates =
          kind === 'offer'
            ? [...items.values()].filter((i) => i.owner !== user.id && i.owner !== HOUSE_USER_ID)
            : myOffers.filter((o) => o.status === 'open').map((o) => must(items.get(o.itemId)));
        const item = pick(candidates, r[1]) ?? must(items.get(must(pick(pool, r[1]))));
        const cents = priceNear(item.lastCents, r[2] * 0.6);
        const { status, json } = await call(
          kind,
          'POST',
          '/market/offers',
          { itemId: item.id, price: dollars(cents), expiresIn: pick(OFFER_EXPIRIES, r[3]) },
          user,
        );
        if (status === 201) {
          for (const o of myOffers) if (o.itemId === item.id) offers.delete(o.id);
          learnOffer(json.offer);
        } else if (status === 409 || status === 404) await refresh(user, item.id);
        break;
      }
      case 'accept':
      case 'decline': {
        const offer = must(pick(offersToMe, r[1]));
        const { status, json } = await call(
          kind,
          'POST',
          `/market/offers/${offer.id}/${kind}`,
          {},
          user,
        );
        if (status === 200) learnOffer(json.offer);
        else if (status === 404 || status === 403) offers.delete(offer.id);
        break;
      }
      case 'cancel-offer': {
        const offer = must(pick(myOffers, r[1]));
        const { status, json } = await call(
          kind,
          'POST',
          `/market/offers/${offer.id}/cancel`,
          {},
          user,
        );
        if (status === 200) learnOffer(json.offer);
        else offers.delete(offer.id);
        break;
      }
      case 'buy':
      case 'declined-card': {
        const item = pick(listedByOthers, r[1]);
        if (item === undefined || item.listing === null) {
          await call('item-detail', 'GET', `/search/item/${pick(pool, r[2])}`, undefined, user);
          break;
        }
        await buyByCard(
          kind,
          user,
          item,
          item.listing.cents,
          kind === 'buy' ? user.card : user.declinedCard,
        );
        break;
      }
      case 'pay-offer': {
        const offer = must(
          pick(
            myOffers.filter((o) => o.status === 'accepted'),
            r[1],
          ),
        );
        const item = must(items.get(offer.itemId));
        await buyByCard(kind, user, item, offer.cents, user.card);
        if (items.get(offer.itemId)?.owner !== user.id) offers.delete(offer.id);
        break;
      }
      case 'abandoned-checkout': {
        const item = pick(listedByOthers, r[1]);
        if (item === undefined || item.listing === null) break;
        const { status } = await call(
          kind,
          'POST',
          '/payment/create-payment-intent',
          {
            amount: item.listing.cents,
            userId: user.id,
            productId: item.id,
            currency: 'usd',
          },
          user,
        );
        if (status !== 200) await refresh(user, item.id);
        break;
      }
      case 'item-detail': {
        const itemId = must(pick(pool, r[1]));
        const { status, json } = await call(kind, 'GET', `/search/item/${itemId}`, undefined, user);
        if (status === 200) learnDetail(itemId, json.data);
        break;
      }
      case 'offers-received': {
        const { status, json } = await call(
          kind,
          'GET',
          `/market/offers/received/${user.id}`,
          undefined,
          user,
        );
        if (status === 200) {
          const seen = new Set<string>();
          for (const offer of json.data as ApiOffer[]) {
            seen.add(offer._id);
            if (items.has(offer.itemId)) learnOffer(offer);
          }
          for (const offer of offersToMe) if (!seen.has(offer.id)) offers.delete(offer.id);
        }
        break;
      }
      case 'my-listings': {
        const { status, json } = await call(
          kind,
          'GET',
          `/market/listings/user/${user.id}?status=active`,
          undefined,
          user,
        );
        if (status === 200) {
          const active = new Map(
            (json.data as { _id: string; itemId: string; price: number }[]).map((l) => [
              l.itemId,
              l,
            ]),
          );
          for (const item of mine) {
            const listing = active.get(item.id);
            item.listing =
              listing === undefined
                ? null
                : { id: listing._id, cents: Math.round(listing.price * 100) };
          }
        }
        break;
      }
      case 'balance':
        await call(kind, 'GET', `/market/balance/${user.id}`, undefined, user);
        break;
      case 'clock-jump': {
        const [, ms] = jumpOf(r[1]);
        clockOffset += ms;
        const t0 = performance.now();
        await server.ask({ type: 'clock', offsetMs: clockOffset });
        figures.record(kind, 0, performance.now() - t0);
        break;
      }
    }
    return kind;
  }

  return { operate, clockOffset: () => clockOffset };
}
