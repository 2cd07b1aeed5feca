/**
 * How a catalogue list is asked for: sort, price range and the attributes of each kind. The API
 * validates these exact values; the marketplace keeps them in the page's URL (`?sort=price_asc&min=…`)
 * so a reload or a shared link restores the same view.
 */

/** The list orders. Without `sort` a list is in catalogue order (oldest listing first). */
export const CATALOGUE_SORTS = ['price_asc', 'price_desc', 'newest', 'title'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

export const CATALOGUE_SORT_LABELS: Record<CatalogueSort, string> = {
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  newest: 'Newest',
  title: 'Title A–Z',
};

/** An NFA's rarity, from common to mythic. */
export const NFA_RARITIES = ['Common', 'Rare', 'Epic', 'Legendary', 'Mythic'] as const;
export type NfaRarity = (typeof NFA_RARITIES)[number];

/** What an NFA is for in the game. */
export const NFA_CATEGORIES = [
  'Quest relic',
  'Racing chassis',
  'Overlord sigil',
  'Pilot skin',
  'Battle drone',
] as const;
export type NfaCategory = (typeof NFA_CATEGORIES)[number];

/** Where a land parcel lies. */
export const LAND_REGIONS = [
  'Crimson Dunes',
  'Neon Basin',
  'Shattered Mesa',
  'Glass Tundra',
  'Ion Marsh',
  'Ashen Ridge',
  'Cobalt Reach',
  'Helix Valley',
  'Obsidian Flats',
  'Aurora Shelf',
  'Rust Canyon',
  'Echo Delta',
] as const;
export type LandRegion = (typeof LAND_REGIONS)[number];

/** A land parcel's size class, by its area in plots (width × depth): at most 9, 25, 49, more. */
export const LAND_SIZES = ['Small', 'Medium', 'Large', 'Huge'] as const;
export type LandSize = (typeof LAND_SIZES)[number];

/** The attributes an item carries: NFAs `rarity` and `category`; lands `region` and `size`. */
export interface ItemAttributes {
  rarity?: NfaRarity;
  category?: NfaCategory;
  region?: LandRegion;
  size?: LandSize;
}

/** The filters of a list. Prices are in dollars, both ends included. */
export interface CatalogueFilter {
  sort?: CatalogueSort;
  min?: number;
  max?: number;
  rarity?: NfaRarity;
  category?: NfaCategory;
  region?: LandRegion;
  size?: LandSize;
}

/** A list read: a page (`limit`, `cursor` from the previous answer's `nextCursor`) and its filters. */
export interface CatalogueQuery extends CatalogueFilter {
  limit?: number;
  cursor?: string;
}

/** The largest page a list serves. */
export const CATALOGUE_MAX_PAGE = 100;
