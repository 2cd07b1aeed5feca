/**
 * The market's rules of time, written once, in SQL (drizzle fragments, for the query builder
 * and raw statements alike) and in TypeScript (for rows already read):
 * - a listing is **live** when it is active and its end has not come (`expires_at` is null, or
 *   later than now): only a live listing can be bought, shows its price and counts for the floor;
 *   an active listing whose end has come is expired, whether or not a transaction has written it
 *   down yet (`lapsedListing`: what the next transaction on the item writes down);
 * - an item is **listed** when its copy of its active listing (`listing_id`, `listing_ends_at`,
 *   kept by the transactions that open and close listings) is live by the same rule;
 * - an offer **stands** while it is open or accepted and its end (never null) has not come; an
 *   open offer whose end has come is expired.
 *
 * `now` is the market's clock (context.ts), never the database's now(). The fragments name the
 * tables' own columns (`"listings"."status"`), so a raw statement uses them where the table is
 * not given another name.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { items, listings, offers } from '../db/schema';

const stamp = (at: Date): string => at.toISOString();

/** An end that comes after `at` (for ends that are never null). */
export const endsAfter = (end: AnyPgColumn, at: Date): SQL => sql`${end} > ${stamp(at)}`;

/** An end that has not come by `at`: none, or later. */
const notEnded = (end: AnyPgColumn, at: Date): SQL =>
  sql`(${end} is null or ${endsAfter(end, at)})`;

/** An end that has come by `at` (an end that is null never comes). */
const ended = (end: AnyPgColumn, at: Date): SQL => sql`${end} <= ${stamp(at)}`;

/** The live listing rule: an active listing whose end has not come. */
export const liveListing = (at: Date): SQL =>
  sql`(${listings.status} = 'active' and ${notEnded(listings.expiresAt, at)})`;

/** An active listing whose end has come: expired, to be written down. */
export const lapsedListing = (at: Date): SQL =>
  sql`(${listings.status} = 'active' and ${ended(listings.expiresAt, at)})`;

/** The live listing rule on the item's copy of its active listing. */
export const listedItem = (at: Date): SQL =>
  sql`(${items.listingId} is not null and ${notEnded(items.listingEndsAt, at)})`;

/** An offer that stands: open or accepted, its end not come. */
export const standingOffer = (at: Date): SQL =>
  sql`(${offers.status} in ('open', 'accepted') and ${endsAfter(offers.expiresAt, at)})`;

/** An open offer, its end not come (what the cap on a buyer's open offers counts). */
export const openOffer = (at: Date): SQL =>
  sql`(${offers.status} = 'open' and ${endsAfter(offers.expiresAt, at)})`;

/** An open offer whose end has come: expired, to be written down. */
export const lapsedOffer = (at: Date): SQL =>
  sql`(${offers.status} = 'open' and ${ended(offers.expiresAt, at)})`;

/** Whether an end has come by `at` (milliseconds or a date); an end that is null never comes. */
export const hasEnded = (end: Date | null, at: Date | number): boolean =>
  end !== null && end.getTime() <= (typeof at === 'number' ? at : at.getTime());

/** The live listing rule, on a listing row already read. */
export const isLive = (
  listing: { status: string; expiresAt: Date | null },
  at: Date | number,
): boolean => listing.status === 'active' && !hasEnded(listing.expiresAt, at);

/** The live listing rule, on an item row's copy of its active listing. */
export const isListed = (
  item: { listingId: string | null; listingEndsAt: Date | null },
  at: Date | number,
): boolean => item.listingId !== null && !hasEnded(item.listingEndsAt, at);
