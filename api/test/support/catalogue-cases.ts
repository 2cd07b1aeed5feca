/**
 * The list queries whose plans and times are checked on the million-item catalogue (the plans
 * test and `pnpm bench:catalogue`): every sort, and without sort, for each kind × filters that
 * range from none to a rare attribute pair with a narrow price range. Prices are those of the
 * large seed ($20 to $10,000).
 */
import { CATALOGUE_SORTS, type CatalogueSort, type ItemKind } from '@hypertek/shared/contract';
import type { Database } from '../../src/db/client';
import { encodeCatalogueCursor, type CataloguePosition } from '../../src/lib/cursor';
import {
  createItemsRepository,
  type CatalogueListQuery,
} from '../../src/repositories/items-repository';
import { readListQuery } from '../../src/routes/catalogue-query';

export type Filter = Record<string, string>;

export const FILTERS: Record<ItemKind, Record<string, Filter>> = {
  nfa: {
    'no filter': {},
    '$1,000–2,000': { min: '1000', max: '2000' },
    '$5,000–5,005': { min: '5000', max: '5005' },
    Mythic: { rarity: 'Mythic' },
    'Battle drone': { category: 'Battle drone' },
    'Mythic Battle drone': { rarity: 'Mythic', category: 'Battle drone' },
    'Rare $1,000–1,100': { rarity: 'Rare', min: '1000', max: '1100' },
  },
  land: {
    'no filter': {},
    '$1,000–2,000': { min: '1000', max: '2000' },
    'Echo Delta': { region: 'Echo Delta' },
    Huge: { size: 'Huge' },
    'Echo Delta Huge': { region: 'Echo Delta', size: 'Huge' },
    'Small $3,000–3,100': { size: 'Small', min: '3000', max: '3100' },
    'Neon Basin Large $500–5,000': { region: 'Neon Basin', size: 'Large', min: '500', max: '5000' },
  },
};

export const SORTS: (CatalogueSort | null)[] = [null, ...CATALOGUE_SORTS];

export interface ListCase {
  kind: ItemKind;
  sort: CatalogueSort | null;
  filterName: string;
  filter: Filter;
  query: CatalogueListQuery;
  label: string;
  /** The URL of the first page (under /api/v1). */
  url: string;
}

export function listCases(): ListCase[] {
  const cases: ListCase[] = [];
  for (const kind of ['nfa', 'land'] as const) {
    for (const [filterName, filter] of Object.entries(FILTERS[kind])) {
      for (const sort of SORTS) {
        const params = new URLSearchParams({ ...filter, ...(sort === null ? {} : { sort }) });
        const path = kind === 'nfa' ? '/market/getMarket' : '/land/getland';
        cases.push({
          kind,
          sort,
          filterName,
          filter,
          query: readListQuery(kind, { ...filter, sort: sort ?? undefined }),
          label: `${kind} ${filterName}, ${sort ?? 'catalogue order'}`,
          url: `${path}${params.size === 0 ? '' : `?${params.toString()}`}`,
        });
      }
    }
  }
  return cases;
}

/**
 * A position deep in a list, as a reader paging through it would hold: the last of its first
 * `depth` rows (or of all of them when fewer match), with its cursor.
 */
export async function deepPosition(
  database: Database,
  listCase: ListCase,
  depth = 2000,
): Promise<{ position: CataloguePosition; cursor: string } | null> {
  const rows = await createItemsRepository(database).list(listCase.query, depth, null);
  const last = rows[rows.length - 1];
  if (last === undefined) return null;
  return {
    position: last.position,
    cursor: encodeCatalogueCursor(listCase.sort, last.position),
  };
}
