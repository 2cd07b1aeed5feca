/**
 * A catalogue view in the page's URL: `?sort=price_asc&min=500&max=2000&region=Neon+Basin`. The
 * URL is the one source of the view, so a reload, a shared link and the back button show the same
 * list. Reading ignores what it does not know (an unknown sort, a negative price, a rarity on
 * /land…) instead of failing; writing puts the fields in one order, so one view has one address.
 */
import {
  CATALOGUE_SORTS,
  type CatalogueFilter,
  type ItemKind,
  LAND_REGIONS,
  LAND_SIZES,
  NFA_CATEGORIES,
  NFA_RARITIES,
} from '@hypertek/shared';

/** The attribute filters of each kind, each with its values in the order the API lists them. */
export const ATTRIBUTE_FILTERS = {
  nfa: [
    { name: 'rarity', label: 'Rarity', any: 'Any rarity', values: NFA_RARITIES },
    { name: 'category', label: 'Category', any: 'Any category', values: NFA_CATEGORIES },
  ],
  land: [
    { name: 'region', label: 'Region', any: 'Any region', values: LAND_REGIONS },
    { name: 'size', label: 'Size', any: 'Any size', values: LAND_SIZES },
  ],
} as const satisfies Record<
  ItemKind,
  readonly {
    name: AttributeName;
    label: string;
    any: string;
    values: readonly string[];
  }[]
>;

export type AttributeName = 'rarity' | 'category' | 'region' | 'size';

/** The URL fields, in the order they are written. */
const FIELDS = ['sort', 'min', 'max', 'rarity', 'category', 'region', 'size'] as const;

const oneOf = <V extends string>(values: readonly V[], value: string | null): V | undefined =>
  values.find((known) => known === value);

/** A price as typed or read: a finite number of dollars, 0 or more; anything else is no price. */
export function parsePrice(text: string | null | undefined): number | undefined {
  const trimmed = text?.trim() ?? '';
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

/** The view a URL asks for, for a list of `kind`. */
export function readFilter(params: URLSearchParams, kind: ItemKind): CatalogueFilter {
  const filter: CatalogueFilter = {};
  const sort = oneOf(CATALOGUE_SORTS, params.get('sort'));
  if (sort) filter.sort = sort;
  const min = parsePrice(params.get('min'));
  const max = parsePrice(params.get('max'));
  // A range that cannot match anything is not a range: both ends are dropped.
  if (min === undefined || max === undefined || min <= max) {
    if (min !== undefined) filter.min = min;
    if (max !== undefined) filter.max = max;
  }
  if (kind === 'nfa') {
    const rarity = oneOf(NFA_RARITIES, params.get('rarity'));
    const category = oneOf(NFA_CATEGORIES, params.get('category'));
    if (rarity) filter.rarity = rarity;
    if (category) filter.category = category;
  } else {
    const region = oneOf(LAND_REGIONS, params.get('region'));
    const size = oneOf(LAND_SIZES, params.get('size'));
    if (region) filter.region = region;
    if (size) filter.size = size;
  }
  return filter;
}

/** The URL query of a view: only the fields set, in one order. */
export function writeFilter(filter: CatalogueFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of FIELDS) {
    const value = filter[field];
    if (value !== undefined) params.set(field, String(value));
  }
  return params;
}

/** How many filters narrow the list (the sort only orders it). */
export const activeFilterCount = (filter: CatalogueFilter): number =>
  FIELDS.filter((field) => field !== 'sort' && filter[field] !== undefined).length;

/** The same view without its filters: the sort stays. */
export const withoutFilters = ({ sort }: CatalogueFilter): CatalogueFilter =>
  sort ? { sort } : {};

export const PRICE_MESSAGES = {
  notAPrice: 'Enter a price of 0 or more, in dollars.',
  minAboveMax: 'The minimum price must not be more than the maximum.',
} as const;

export type PriceField = 'min' | 'max';

/**
 * A price range as typed: the prices, or the field at fault and why. Empty fields are no bound.
 */
export function checkPriceRange(
  minText: string,
  maxText: string,
):
  | { ok: true; min: number | undefined; max: number | undefined }
  | { ok: false; field: PriceField; message: string } {
  const min = parsePrice(minText);
  const max = parsePrice(maxText);
  if (minText.trim() !== '' && min === undefined)
    return { ok: false, field: 'min', message: PRICE_MESSAGES.notAPrice };
  if (maxText.trim() !== '' && max === undefined)
    return { ok: false, field: 'max', message: PRICE_MESSAGES.notAPrice };
  if (min !== undefined && max !== undefined && min > max)
    return { ok: false, field: 'min', message: PRICE_MESSAGES.minAboveMax };
  return { ok: true, min, max };
}
