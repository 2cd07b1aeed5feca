/**
 * A catalogue list's query as the repository takes it: the sort, the price range in cents (from
 * dollars, both ends included) and the attributes of the list's kind. Every mistake is a 400
 * that says what to send instead.
 */
import type { CatalogueSort } from '@hypertek/shared/contract';
import { badRequest } from '../lib/errors';
import type { ItemKind } from '@hypertek/shared/contract';
import type { CatalogueListQuery } from '../repositories/items-repository';

/** The largest price a column holds, in cents (PostgreSQL integer): a higher bound means "any". */
const MAX_CENTS = 2_147_483_647;
const DOLLARS = /^(\d{1,12})(?:\.(\d{1,12}))?$/;

/** Attributes that belong to the other kind, with the words for the message. */
const FOREIGN: Record<ItemKind, { names: readonly string[]; own: string; plural: string }> = {
  nfa: { names: ['region', 'size'], own: 'rarity or category', plural: 'NFAs' },
  land: { names: ['rarity', 'category'], own: 'region or size', plural: 'Lands' },
};

/**
 * Dollars as sent ('12', '12.5', '12.50') to whole cents, exactly (no floating point): a lower
 * bound between two cents rounds up, an upper bound down, so both stay included. A 400 for
 * anything that is not a plain decimal number of at least 0.
 */
export function dollarsToCents(name: 'min' | 'max', text: string): number {
  const match = DOLLARS.exec(text.trim());
  if (match === null) {
    throw badRequest(
      `${name} must be a price in dollars: a number of at least 0 (e.g. 12 or 12.50)`,
    );
  }
  const decimals = match[2] ?? '';
  let cents = Number(match[1]) * 100 + Number(decimals.slice(0, 2).padEnd(2, '0'));
  if (name === 'min' && /[1-9]/.test(decimals.slice(2))) cents += 1;
  return Math.min(cents, MAX_CENTS);
}

interface RawQuery {
  sort?: CatalogueSort;
  min?: string;
  max?: string;
  rarity?: CatalogueListQuery['rarity'];
  category?: CatalogueListQuery['category'];
  region?: CatalogueListQuery['region'];
  size?: CatalogueListQuery['size'];
}

export function readListQuery(kind: ItemKind, raw: RawQuery): CatalogueListQuery {
  const foreign = FOREIGN[kind];
  for (const name of foreign.names) {
    if (Object.hasOwn(raw, name)) {
      throw badRequest(
        `${foreign.plural} have no ${name}: filter them by ${foreign.own}, or leave ${name} out`,
      );
    }
  }
  const minCents = raw.min === undefined ? null : dollarsToCents('min', raw.min);
  const maxCents = raw.max === undefined ? null : dollarsToCents('max', raw.max);
  // Compared as sent: 12.345 to 12.345 is a valid range, even with no whole cent inside.
  if (raw.min !== undefined && raw.max !== undefined && Number(raw.min) > Number(raw.max)) {
    throw badRequest('min must not be more than max (the lowest price first, then the highest)');
  }
  return {
    kind,
    sort: raw.sort ?? null,
    minCents,
    maxCents,
    ...(kind === 'nfa'
      ? { rarity: raw.rarity, category: raw.category }
      : { region: raw.region, size: raw.size }),
  };
}
