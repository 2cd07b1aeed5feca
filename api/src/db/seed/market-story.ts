/**
 * The market's seeded story, told through the market's own code (listings, offers, checkout
 * orders and the settlement that moves items and credits sellers), on a clock moved back in
 * time step by step: the house lists its catalogue; the demo account and four pilots buy from it;
 * some of them list, some sell to each other, some make offers; one offer is accepted and waits
 * for the demo account to pay; last, the demo account watches a few items, one with an alert
 * price. Every screen has real data on a fresh start.
 *
 * The pilots sign in like the demo account: `<handle>@hypertek.local` / the demo password.
 */
import { EXPIRY_DURATION_MS, type ItemKind } from '@hypertek/shared/contract';
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../client';
import { activities, HOUSE_USER_ID, users, watchlist } from '../schema';
import { createMarketRepository } from '../../market';
import { recordEvents } from '../../market/events';
import { post } from '../../market/ledger';
import { settleSale } from '../../market/settlement';

/** The pilots of the story (their password is the demo account's). */
export const SEED_PILOTS = [
  { handle: 'nova', fullName: 'Nova Rider' },
  { handle: 'kira', fullName: 'Kira Vex' },
  { handle: 'glitch', fullName: 'Glitch Fox' },
  { handle: 'orbital', fullName: 'Orbital Byte' },
] as const;
export const pilotEmail = (handle: string): string => `${handle}@hypertek.local`;

/** The demo account's balance after the story: its sales plus an opening credit. */
export const DEMO_BALANCE_CENTS = 300_000;

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * Lists every item the house owns at its catalogue price, with no end: one statement, so the
 * listings and the items' pointers to them commit together (the database checks they agree),
 * and their `listing.created` events in the same transaction.
 */
export async function listHouseItems(database: Database): Promise<void> {
  await database.db.transaction(async (tx) => {
    const listed = await rowsOf<{
      id: string;
      item_id: number | string;
      kind: ItemKind;
      seller_id: string;
      price_cents: number;
      created_at: Date | string;
    }>(
      tx,
      sql`
      with listed as (
        insert into listings (item_id, seller_id, kind, price_cents, created_at, updated_at)
        select id, owner_id, kind, price_cents, listed_at, listed_at from items
        where owner_id = ${HOUSE_USER_ID} and listing_id is null and price_cents > 0
        on conflict do nothing
        returning id, item_id, kind, seller_id, price_cents, created_at, expires_at),
      pointed as (
        update items set listing_id = listed.id, listing_ends_at = listed.expires_at
        from listed where listed.item_id = items.id)
      select id, item_id, kind, seller_id, price_cents, created_at from listed order by item_id`,
    );
    await recordEvents(
      tx,
      listed.map((row) => ({
        kind: 'listing.created',
        item: { id: Number(row.item_id), kind: row.kind },
        sellerId: row.seller_id,
        listingId: row.id,
        amountCents: row.price_cents,
        at: new Date(row.created_at),
      })),
    );
  });
}

export async function seedMarketStory(
  database: Database,
  options: {
    demoId: string;
    items: readonly { id: number; priceCents: number }[];
    now: number;
    passwordHash: () => Promise<string>;
  },
): Promise<{ activities: number }> {
  const { db } = database;
  let at = options.now;
  const market = createMarketRepository(database, {
    clock: () => at,
    checkoutHoldMs: 15 * 60_000,
    reservationMs: DAY,
    commissionBps: 0,
    maxOpenOffers: 50,
  });
  const [before] = await database.rows<{ n: number }>(
    sql`select count(*)::int as n from activities`,
  );

  const passwordHash = await options.passwordHash();
  const pilots: Record<string, string> = {};
  for (const pilot of SEED_PILOTS) {
    const email = pilotEmail(pilot.handle);
    const [found] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const [row] =
      found === undefined
        ? await db
            .insert(users)
            .values({
              email,
              fullName: pilot.fullName,
              bio: 'Pilot of the 2117 fleet.',
              passwordHash,
            })
            .returning({ id: users.id })
        : [found];
    if (row === undefined) throw new Error(`pilot ${pilot.handle} not created`);
    pilots[pilot.handle] = row.id;
  }
  const who = (handle: string): string => {
    if (handle === 'demo') return options.demoId;
    const id = pilots[handle];
    if (id === undefined) throw new Error(`no pilot ${handle}`);
    return id;
  };
  const item = (index: number): number => {
    const found = options.items[index];
    if (found === undefined) throw new Error(`no seeded item ${index}`);
    return found.id;
  };
  const ok = <T extends { kind: string }>(result: T, step: string): T => {
    if (result.kind === 'refused' || result.kind === 'release') {
      throw new Error(`seed story: ${step} refused: ${JSON.stringify(result)}`);
    }
    return result;
  };

  /** A card purchase at the price listed (or the buyer's accepted offer), paid at once. */
  async function buy(handle: string, index: number, daysAgo: number): Promise<void> {
    at = options.now - daysAgo * DAY;
    const buyerId = who(handle);
    const itemId = item(index);
    const sale = await market.preview(buyerId, itemId);
    if (sale.kind !== 'buyable') throw new Error(`seed story: item ${itemId} not buyable`);
    await db.transaction(async (tx) => {
      const checkout = ok(
        await market.orderForCheckout(tx, buyerId, itemId, sale.priceCents),
        `buy ${itemId}`,
      );
      if (checkout.kind !== 'order') throw new Error(`seed story: ${handle} owns ${itemId}`);
      // Paid at once, by the settlement every real payment goes through.
      const recorded = await settleSale(
        tx,
        checkout.order.id,
        {
          amountCents: sale.priceCents,
          currency: 'usd',
          provider: 'seed',
          providerRef: null,
          paidAt: new Date(at),
        },
        { at: market.now(), commissionBps: market.options.commissionBps },
      );
      if (!recorded) throw new Error(`seed story: the sale of ${itemId} was not recorded`);
    });
  }
  async function list(handle: string, index: number, priceCents: number, daysAgo: number) {
    at = options.now - daysAgo * DAY;
    return ok(
      await market.createListing({
        userId: who(handle),
        itemId: item(index),
        priceCents,
        durationMs: EXPIRY_DURATION_MS['6 Months'],
        signedMessage: null,
        signature: null,
      }),
      `list ${index}`,
    );
  }
  async function offer(handle: string, index: number, priceCents: number, hoursAgo: number) {
    at = options.now - hoursAgo * HOUR;
    const made = ok(
      await market.makeOffer({
        buyerId: who(handle),
        itemId: item(index),
        priceCents,
        durationMs: EXPIRY_DURATION_MS['6 Months'],
      }),
      `offer on ${index}`,
    );
    if (made.kind !== 'made') throw new Error('offer not made');
    return made.offer._id;
  }

  // The catalogue's first buyers (NFAs are items 0–119, lands 120–179).
  for (const [handle, index, daysAgo] of [
    ['demo', 5, 45],
    ['demo', 42, 36],
    ['demo', 79, 27],
    ['demo', 125, 18],
    ['demo', 140, 12],
    ['nova', 10, 60],
    ['nova', 130, 55],
    ['kira', 20, 50],
    ['kira', 135, 44],
    ['glitch', 30, 40],
    ['glitch', 31, 39],
    ['orbital', 145, 33],
    ['orbital', 50, 30],
  ] as const) {
    await buy(handle, index, daysAgo);
  }

  // Sales between pilots: the demo account sells an NFA to Glitch Fox; Nova sells land to Kira.
  await list('demo', 42, 260_000, 10);
  await buy('glitch', 42, 8);
  await list('nova', 130, 720_000, 9);
  await buy('kira', 130, 6);

  // Listings on the market now: two of the demo account's, one of Kira's.
  await list('demo', 5, 185_000, 4);
  await list('demo', 125, 540_000, 3);
  await list('kira', 20, 99_000, 2);

  // Offers: two received by the demo account, one it declined, one it made; Orbital accepts the
  // demo account's offer on an NFA, which now waits for the demo account to pay.
  await offer('kira', 79, 150_000, 30);
  await offer('orbital', 125, 500_000, 20);
  const declined = await offer('glitch', 5, 120_000, 50);
  at = options.now - 40 * HOUR;
  ok(await market.declineOffer(options.demoId, declined), 'decline');
  await offer('demo', 10, 90_000, 12);
  const accepted = await offer('demo', 50, 110_000, 6);
  at = options.now - 2 * HOUR;
  ok(await market.acceptOffer(who('orbital'), accepted), 'accept');

  // The demo account's watchlist (newest first on /watchlist): Nova's unlisted NFA, with an alert
  // at $950 (Nova listing it at or below tells the demo account); Kira's listed NFA; a house land.
  // Added after every event of the story, so none of them tells the demo account anything.
  await db.insert(watchlist).values(
    (
      [
        [170, null, 50],
        [20, null, 40],
        [10, 95_000, 30],
      ] as const
    ).map(([index, alertPriceCents, minutesAgo]) => ({
      userId: options.demoId,
      itemId: item(index),
      alertPriceCents,
      createdAt: new Date(options.now - minutesAgo * 60_000),
    })),
  );

  // The demo account's balance shows $3000: an opening credit tops up what its sale earned.
  const earned = await market.balance(options.demoId);
  if (earned !== DEMO_BALANCE_CENTS) {
    const amount = DEMO_BALANCE_CENTS - earned;
    await db.transaction((tx) =>
      post(
        tx,
        'opening',
        [
          { account: 'opening', amountCents: -amount },
          { account: 'user', userId: options.demoId, amountCents: amount },
        ],
        { at: new Date(options.now - 60 * DAY) },
      ),
    );
  }
  const [after] = await db.select({ n: sql<number>`count(*)::int` }).from(activities);
  return { activities: (after?.n ?? 0) - (before?.n ?? 0) };
}
