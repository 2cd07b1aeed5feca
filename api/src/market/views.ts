/**
 * The market as its answers show it: listings and offers as the tables read them (statuses as
 * time has decided them, whether or not a transaction has written it down yet), and an item's
 * market on its detail page. Reads only.
 */
import type {
  ItemKind,
  ListingStatus,
  MarketListing,
  MarketOffer,
  OfferStatus,
} from '@hypertek/shared/contract';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  items,
  listings,
  offers,
  orders,
  users,
  type ListingRowStatus,
  type OfferRowStatus,
} from '../db/schema';
import { displayName, namesOf } from '../repositories/activity-repository';
import { itemImagePath } from '../repositories/items-repository';
import type { MarketContext } from './context';
import type { ListingRow } from './item-lock';
import { hasEnded, isLive, listedItem, liveListing, standingOffer } from './rules';

export const LISTING_STATUS: Record<ListingRowStatus, ListingStatus> = {
  active: 'Active',
  sold: 'Sold',
  cancelled: 'Cancelled',
  expired: 'Expired',
};
export const OFFER_STATUS: Record<OfferRowStatus, OfferStatus> = {
  open: 'Open',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Cancelled',
  expired: 'Expired',
  sold: 'Sold',
};

/** The cheapest active listing of a kind, in cents (the Listing tab's 'Floor'). */
export async function floorOf(db: Db, kind: ItemKind, at: Date): Promise<number | null> {
  const [row] = await db
    .select({ priceCents: listings.priceCents })
    .from(listings)
    .where(and(eq(listings.kind, kind), liveListing(at)))
    .orderBy(listings.priceCents)
    .limit(1);
  return row?.priceCents ?? null;
}

/** A listing as the Listing tab shows it, with its kind's floor and its buyer's name. */
export function toMarketListing(
  row: ListingRow & { title: string; serialNumber: string },
  floors: Record<ItemKind, number | null>,
  buyers: Map<string, string>,
  at: Date,
): MarketListing {
  const floor = floors[row.kind];
  return {
    _id: row.id,
    itemId: String(row.itemId),
    kind: row.kind,
    name: row.title,
    serialNumber: row.serialNumber,
    image: itemImagePath(row.itemId),
    status: row.status === 'active' && !isLive(row, at) ? 'Expired' : LISTING_STATUS[row.status],
    price: row.priceCents / 100,
    floor: floor === null ? null : floor / 100,
    qty: 1,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    buyer: row.buyerId === null ? null : (buyers.get(row.buyerId) ?? null),
  };
}

/** Offers with their item, the maker's and the owner's names, as the tables show them. */
export async function offerViews(
  { db, now }: MarketContext,
  where: SQL,
  limit: number,
): Promise<MarketOffer[]> {
  const at = now();
  const rows = await db
    .select({
      offer: offers,
      kind: items.kind,
      title: items.title,
      serialNumber: items.serialNumber,
      ownerId: items.ownerId,
      listingPriceCents: sql<
        number | null
      >`case when ${listedItem(at)} then ${items.priceCents} end`,
      reservedUntil: orders.holdUntil,
    })
    .from(offers)
    .innerJoin(items, eq(items.id, offers.itemId))
    .leftJoin(orders, and(eq(orders.offerId, offers.id), eq(orders.status, 'pending')))
    .where(where)
    .orderBy(desc(offers.createdAt), desc(offers.id))
    .limit(limit);
  const known = await namesOf(
    db,
    rows.flatMap((row) => [row.offer.buyerId, row.ownerId]),
  );
  return rows.map(({ offer, ...row }) => {
    const reserved =
      offer.status === 'accepted' &&
      row.reservedUntil !== null &&
      row.reservedUntil.getTime() > at.getTime();
    const expired = hasEnded(offer.expiresAt, at);
    let status = OFFER_STATUS[offer.status];
    if (offer.status === 'accepted' && !reserved) status = expired ? 'Expired' : 'Open';
    if (offer.status === 'open' && expired) status = 'Expired';
    return {
      _id: offer.id,
      itemId: String(offer.itemId),
      kind: row.kind,
      title: row.title,
      serialNumber: row.serialNumber,
      image: itemImagePath(offer.itemId),
      price: row.listingPriceCents === null ? null : row.listingPriceCents / 100,
      offer: offer.priceCents / 100,
      from: known.get(offer.buyerId) ?? 'A pilot',
      fromId: offer.buyerId,
      to: known.get(row.ownerId) ?? 'A pilot',
      status,
      expiresAt: offer.expiresAt.toISOString(),
      createdAt: offer.createdAt.toISOString(),
      reservedUntil: reserved ? (row.reservedUntil?.toISOString() ?? null) : null,
    };
  });
}

/** One offer as its answer shows it (after a change). */
export async function offerView(market: MarketContext, id: string): Promise<MarketOffer> {
  const [view] = await offerViews(market, eq(offers.id, id), 1);
  if (view === undefined) throw new Error(`offer ${id} vanished`);
  return view;
}

/** One listing as its answer shows it (after a change). */
export async function listingView({ db, now }: MarketContext, id: string): Promise<MarketListing> {
  const at = now();
  const [row] = await db
    .select({ listing: listings, title: items.title, serialNumber: items.serialNumber })
    .from(listings)
    .innerJoin(items, eq(items.id, listings.itemId))
    .where(eq(listings.id, id));
  if (row === undefined) throw new Error(`listing ${id} vanished`);
  const floors = {
    nfa: null,
    land: null,
    [row.listing.kind]: await floorOf(db, row.listing.kind, at),
  };
  const buyers = await namesOf(db, row.listing.buyerId === null ? [] : [row.listing.buyerId]);
  return toMarketListing(
    { ...row.listing, title: row.title, serialNumber: row.serialNumber },
    floors,
    buyers,
    at,
  );
}

/**
 * What the detail page shows of an item's market, in one statement (the commonest read of
 * the market): its owner, its live listing, how many offers are open on it, and the end of
 * an accepted offer's reservation.
 */
export async function itemState({ database, now }: MarketContext, itemId: number) {
  const at = now();
  const [row] = await database.rows<{
    owner_id: string;
    full_name: string;
    email: string | null;
    wallet_address: string | null;
    listing_id: string | null;
    listing_price_cents: number | null;
    listing_expires_ms: number | null;
    offers: number;
    reserved_until_ms: number | null;
  }>(sql`
    select i.owner_id, u.full_name, u.email, u.wallet_address,
      l.id as listing_id, l.price_cents as listing_price_cents,
      (extract(epoch from l.expires_at) * 1000)::float8 as listing_expires_ms,
      (select count(*) from ${offers} where ${offers.itemId} = i.id and ${standingOffer(at)})::int
        as offers,
      (select (extract(epoch from r.hold_until) * 1000)::float8 from ${orders} r
        where r.item_id = i.id and r.status = 'pending' and r.offer_id is not null
          and r.hold_until > ${at.toISOString()}
      ) as reserved_until_ms
    from ${items} i
    join ${users} u on u.id = i.owner_id
    left join lateral (
      select id, price_cents, expires_at from ${listings}
      where item_id = i.id and ${liveListing(at)}
    ) l on true
    where i.id = ${itemId}`);
  if (row === undefined) return undefined;
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    owner: {
      id: row.owner_id,
      name: displayName({
        id: row.owner_id,
        fullName: row.full_name,
        email: row.email,
        walletAddress: row.wallet_address,
      }),
    },
    listing:
      row.listing_id === null
        ? null
        : {
            _id: row.listing_id,
            price: Number(row.listing_price_cents) / 100,
            expiresAt: iso(row.listing_expires_ms),
          },
    offers: row.offers,
    reservedUntil: iso(row.reserved_until_ms),
  };
}
