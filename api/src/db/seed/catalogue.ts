/**
 * The browsing catalogue: 120 NFAs and 60 land parcels with titles, serial numbers, prices,
 * descriptions, attributes (NFAs: rarity and category; lands: region and size), listing dates and
 * generated SVG art; 300 activity entries over the last 90 days; a demo account
 * (demo@hypertek.local / HyperTek2117); and the market's story (market-story.ts: the house lists
 * what it owns, pilots buy, list, offer and sell), so every screen has data. Deterministic: the same seed gives the same catalogue
 * (dates relative to today). The attributes and listing dates come from RNGs of their own, so
 * titles, serial numbers and prices are what they were before items had attributes.
 */
import {
  LAND_REGIONS,
  NFA_CATEGORIES,
  NFA_RARITIES,
  type LandSize,
  type NfaRarity,
  type ItemKind,
} from '@hypertek/shared/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { activities, itemArt, items, users } from '../schema';
import { createRng, renderItemSvg } from './art';
import { listHouseItems, seedMarketStory } from './market-story';

export const DEMO_USER = {
  email: 'demo@hypertek.local',
  password: 'HyperTek2117',
  fullName: 'Demo Pilot',
} as const;

export const SEED_COUNTS = { nfas: 120, lands: 60, activities: 300 } as const;

export const NFA_ADJECTIVES = [
  'Obsidian',
  'Neon',
  'Quantum',
  'Crimson',
  'Spectral',
  'Chrome',
  'Void',
  'Solar',
  'Plasma',
  'Ion',
  'Phantom',
  'Cobalt',
  'Astral',
  'Feral',
  'Hollow',
  'Radiant',
  'Iron',
  'Ember',
  'Glacial',
  'Rogue',
  'Silent',
  'Thunder',
  'Nova',
  'Onyx',
];
export const NFA_NOUNS = [
  'Warden',
  'Sentinel',
  'Racer',
  'Overlord',
  'Drone',
  'Valkyrie',
  'Mech',
  'Wraith',
  'Striker',
  'Nomad',
  'Oracle',
  'Harbinger',
  'Pilot',
  'Templar',
  'Reaver',
  'Specter',
  'Golem',
  'Seraph',
  'Hunter',
  'Cipher',
];
export { LAND_REGIONS };
export const LAND_TYPES = [
  'Outpost',
  'Spire Plot',
  'Mining Claim',
  'Harbor Lot',
  'Arena Ground',
  'Relay Site',
];
const HANDLES = [
  'nova_rider',
  'k1ra',
  'overlord99',
  'glitchfox',
  'orbitalbyte',
  'dune_walker',
  'vexx',
  'maru.eth',
  'sable',
  'zero_cool',
  'ionstorm',
  'quasar_q',
  'rekt_ronin',
  'lumen',
  'cryo',
  'tekno_mage',
];
const ACTIVITY_TYPES = ['Sale', 'Listing', 'Transfer', 'Offer'] as const;

const pick = <T>(rng: () => number, list: readonly T[]): T => {
  const value = list[Math.floor(rng() * list.length)];
  if (value === undefined) throw new Error('pick from an empty list');
  return value;
};
const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/**
 * A land parcel's size class from its area in plots (width × depth): at most 9 Small, 25
 * Medium, 49 Large, else Huge. The large seed writes the same rule in SQL.
 */
export const LAND_SIZE_LIMITS: readonly (readonly [maxArea: number, size: LandSize])[] = [
  [9, 'Small'],
  [25, 'Medium'],
  [49, 'Large'],
];
export function landSizeOf(width: number, depth: number): LandSize {
  const area = width * depth;
  return LAND_SIZE_LIMITS.find(([max]) => area <= max)?.[1] ?? 'Huge';
}

/** How often each rarity is drawn, in NFA_RARITIES order (common to mythic), in percent. */
export const RARITY_WEIGHTS: readonly number[] = [45, 27, 15, 9, 4];

function weightedRarity(rng: () => number): NfaRarity {
  let roll = rng() * 100;
  for (const [index, weight] of RARITY_WEIGHTS.entries()) {
    roll -= weight;
    if (roll < 0) return NFA_RARITIES[index] ?? 'Common';
  }
  return 'Mythic';
}

const DAY_MS = 86_400_000;
/** The first listing of each kind: this many days ago. */
const FIRST_LISTING_DAYS_AGO = 500;

/**
 * Listing dates of one kind in id order: each a little after the previous one, and about one in
 * five in the same minute as the one before (a drop of several items), so the newest sort has
 * equal dates to break by id. All before the 90 days of seeded activity.
 */
function listingDates(rng: () => number, count: number, now: number): Date[] {
  const minute = 60_000;
  let at = Math.floor((now - FIRST_LISTING_DAYS_AGO * DAY_MS) / minute) * minute;
  const dates: Date[] = [];
  for (let i = 0; i < count; i++) {
    if (i > 0 && rng() >= 0.2) at += Math.round((rng() * 5 * DAY_MS) / minute) * minute;
    dates.push(new Date(at));
  }
  return dates;
}

interface SeedItem {
  kind: ItemKind;
  title: string;
  serialNumber: string;
  priceCents: number;
  description: string;
  rarity?: NfaRarity;
  category?: (typeof NFA_CATEGORIES)[number];
  region?: (typeof LAND_REGIONS)[number];
  size?: LandSize;
  listedAt: Date;
}

export function buildItems(now = Date.now()): SeedItem[] {
  const rng = createRng(2117);
  // Attributes and dates only: drawing them from `rng` would change every title and price after.
  const attributeRng = createRng(2118);
  const nfaDates = listingDates(createRng(2119), SEED_COUNTS.nfas, now);
  const landDates = listingDates(createRng(2120), SEED_COUNTS.lands, now);
  const list: SeedItem[] = [];
  for (let i = 1; i <= SEED_COUNTS.nfas; i++) {
    const title = `${pick(rng, NFA_ADJECTIVES)} ${pick(rng, NFA_NOUNS)}`;
    const category = pick(rng, NFA_CATEGORIES);
    const priceCents = Math.round((20 + rng() * 2480) * 100);
    const slots = 1 + Math.floor(rng() * 5);
    // Drawn to keep the sequence; the aura the description names is the item's rarity.
    pick(rng, ['rare', 'epic', 'legendary', 'mythic']);
    const rarity = weightedRarity(attributeRng);
    const aura = rarity.toLowerCase();
    list.push({
      kind: 'nfa',
      title,
      serialNumber: `NFA-${pad(i, 4)}`,
      priceCents,
      description: `${category} forged in 2117. ${title} carries ${slots} upgrade slots and ${/^[aeiou]/.test(aura) ? 'an' : 'a'} ${aura} aura for quest, racing and overlord modes.`,
      rarity,
      category,
      listedAt: nfaDates[i - 1] ?? new Date(now),
    });
  }
  for (let i = 1; i <= SEED_COUNTS.lands; i++) {
    const region = pick(rng, LAND_REGIONS);
    const type = pick(rng, LAND_TYPES);
    const sector = 1 + Math.floor(rng() * 40);
    const priceCents = Math.round((300 + rng() * 9700) * 100);
    const width = 1 + Math.floor(rng() * 9);
    const depth = 1 + Math.floor(rng() * 9);
    list.push({
      kind: 'land',
      title: `${region} ${type}`,
      serialNumber: `LND-${pad(i, 4)}`,
      priceCents,
      description: `A ${width}×${depth} parcel in sector ${sector} of ${region}: build, race through or hold it in the overlord realm.`,
      region,
      size: landSizeOf(width, depth),
      listedAt: landDates[i - 1] ?? new Date(now),
    });
  }
  return list;
}

/** True when the catalogue has no item yet (first start). */
export async function isCatalogueEmpty(database: Database): Promise<boolean> {
  const [row] = await database.rows<{ present: boolean }>(
    sql`select exists (select 1 from items) as present`,
  );
  return row?.present !== true;
}

/**
 * Writes the catalogue. With `reset`, empties the catalogue first: items, art, activity, and the
 * orders and payments that point at items (user accounts stay).
 */
export async function seedCatalogue(
  database: Database,
  options: { reset?: boolean; passwordHash: () => Promise<string> },
): Promise<{ items: number; activities: number }> {
  const { db } = database;
  if (options.reset === true) {
    await database.rows(
      sql`truncate table items, item_art, activities, orders, payments restart identity cascade`,
    );
  }
  const now = Date.now();
  const seedItems = buildItems(now);
  const inserted = await db.insert(items).values(seedItems).returning({
    id: items.id,
    kind: items.kind,
    title: items.title,
    priceCents: items.priceCents,
  });
  await db
    .insert(itemArt)
    .values(inserted.map((item) => ({ itemId: item.id, svg: renderItemSvg(item.kind, item.id) })));

  // The demo account: created once, kept across reseeds.
  const email = DEMO_USER.email;
  let [demo] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.email} = ${email}`);
  if (demo === undefined) {
    [demo] = await db
      .insert(users)
      .values({
        email,
        fullName: DEMO_USER.fullName,
        bio: 'Test pilot of the 2117 fleet.',
        passwordHash: await options.passwordHash(),
      })
      .returning({ id: users.id });
  }
  if (demo === undefined) throw new Error('demo user could not be created');

  const rng = createRng(90);
  const dayMs = DAY_MS;
  const entries: (typeof activities.$inferInsert)[] = [];
  for (let i = 0; i < SEED_COUNTS.activities; i++) {
    const item = pick(rng, inserted);
    const buyer = pick(rng, HANDLES);
    let seller = pick(rng, HANDLES);
    if (seller === buyer)
      seller = pick(
        rng,
        HANDLES.filter((h) => h !== buyer),
      );
    // Every 25th entry involves the demo account, so /activity/{userId} has rows to show.
    const demoRole = i % 25 === 0 ? 'buyer' : i % 25 === 12 ? 'seller' : null;
    entries.push({
      itemId: item.id,
      name: item.title,
      type: pick(rng, ACTIVITY_TYPES),
      buyer: demoRole === 'buyer' ? DEMO_USER.fullName : buyer,
      seller: demoRole === 'seller' ? DEMO_USER.fullName : seller,
      buyerId: demoRole === 'buyer' ? demo.id : null,
      sellerId: demoRole === 'seller' ? demo.id : null,
      priceCents: Math.max(100, Math.round(item.priceCents * (0.8 + rng() * 0.4))),
      occurredAt: new Date(now - Math.floor(rng() * 90 * dayMs)),
    });
  }
  await db.insert(activities).values(entries);

  // The house lists what it owns; then the market's story: pilots buy, list, offer and sell.
  await listHouseItems(database);
  const story = await seedMarketStory(database, {
    demoId: demo.id,
    items: inserted,
    now,
    passwordHash: options.passwordHash,
  });
  return { items: inserted.length, activities: entries.length + story.activities };
}
