/**
 * The market figures of a kind (docs/product.md, Market figures): for the kind and each of its
 * groups (NFAs by category, lands by region), computed by two statements in one read-only
 * snapshot, never kept by hand:
 * - **now**: the items, how many have a live listing, their distinct owners (the house is none:
 *   it holds the unsold catalogue, it does not collect), and the floor (the cheapest live
 *   listing, the house's included: what a buyer pays at least);
 * - **sales**: a sale is a paid order with its ledger posting; its time is the posting's (the
 *   market's clock when the item changed hands), its price what the buyer paid (the order's
 *   amount, which the posting takes from card receipts). Counts, volumes and averages over the
 *   rolling windows (now − length, now], and per UTC day for the series, in one grouped pass.
 *
 * Time is the market's clock (context.ts), so tests move it.
 */
import {
  FIGURE_GROUP_BY,
  FIGURE_SERIES_DAYS,
  FIGURE_WINDOW_MS,
  FIGURE_WINDOWS,
  LAND_REGIONS,
  NFA_CATEGORIES,
  type FigureWindow,
  type ItemKind,
  type MarketFigures,
  type MarketFiguresAnswer,
  type SalesWindow,
} from '@hypertek/shared/contract';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../db/client';
import { HOUSE_USER_ID, items, ledgerTransactions, listings, orders } from '../db/schema';
import type { MarketContext } from './context';
import { liveListing } from './rules';

/** The figures of a kind as the answer carries them, without its envelope. */
export type KindFigures = Omit<MarketFiguresAnswer, 'success' | 'message'>;

const DAY_MS = 86_400_000;
const GROUP_NAMES = { nfa: NFA_CATEGORIES, land: LAND_REGIONS } as const;

/** A bigint or numeric as the drivers give it (text on pg), as a number; null stays null. */
const num = (value: string | number | bigint | null): number | null =>
  value === null ? null : Number(value);
const dollars = (cents: number): number => cents / 100;

/** The series' days, oldest first: `count` UTC dates ending with the day of `at`. */
export function seriesDays(at: Date, count = FIGURE_SERIES_DAYS): string[] {
  const today = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  return Array.from({ length: count }, (_, i) =>
    new Date(today - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

interface NowRow {
  name: string | null;
  whole: number;
  items: number;
  listed: number;
  owners: number;
  floor: number | null;
}

/** A row of `salesQuery`: its counts are numbers, its sums text or numbers (by driver). */
type SalesRow = Record<string, string | number | bigint | null> & {
  name: string | null;
  whole: number;
  day: string | null;
};

/** The items, listings and owners now, per group and for the whole kind (`whole` = 1). */
function nowQuery(kind: ItemKind, group: SQL, at: Date): SQL {
  return sql`
    select ${group} as "name", grouping(${group})::int as "whole",
      count(*)::int as "items",
      count(${listings.id})::int as "listed",
      (count(distinct ${items.ownerId}) filter (where ${items.ownerId} <> ${HOUSE_USER_ID}))::int
        as "owners",
      min(${listings.priceCents})::int as "floor"
    from ${items}
    left join ${listings} on ${listings.itemId} = ${items.id} and ${liveListing(at)}
    where ${items.kind} = ${kind}
    group by grouping sets ((${group}), ())`;
}

/**
 * The sales of the last 30 days: per group and for the whole kind (`whole` = 1), each once with
 * the windows' figures (`day` null) and once per UTC day (the windows' columns unused there).
 */
function salesQuery(kind: ItemKind, group: SQL, at: Date): SQL {
  const from = (window: FigureWindow) =>
    new Date(at.getTime() - FIGURE_WINDOW_MS[window]).toISOString();
  const time = ledgerTransactions.createdAt;
  const inWindow = (w: FigureWindow) => sql`"time" > ${from(w)}`;
  const windowColumns = sql.join(
    FIGURE_WINDOWS.map(
      (w) => sql`
        (count(*) filter (where ${inWindow(w)}))::int as ${sql.identifier(`sales_${w}`)},
        (sum("cents") filter (where ${inWindow(w)}))::bigint as ${sql.identifier(`volume_${w}`)},
        round(avg("cents") filter (where ${inWindow(w)}))::bigint as ${sql.identifier(`average_${w}`)}`,
    ),
    sql`,`,
  );
  // The day as text in UTC, named once (in the CTE) so that the grouping sets can name it.
  return sql`
    with sales as (
      select ${group} as "name", ${time} as "time", ${orders.amountCents} as "cents",
        to_char(${time} at time zone 'UTC', 'YYYY-MM-DD') as "day"
      from ${ledgerTransactions}
      join ${orders} on ${orders.id} = ${ledgerTransactions.orderId}
      join ${items} on ${items.id} = ${orders.itemId}
      where ${ledgerTransactions.kind} = 'sale' and ${orders.status} = 'paid'
        and ${items.kind} = ${kind}
        and ${time} > ${from('30d')} and ${time} <= ${at.toISOString()})
    select "name", grouping("name")::int as "whole", "day",
      count(*)::int as "sales", sum("cents")::bigint as "volume", ${windowColumns}
    from sales
    group by grouping sets (("name"), (), ("name", "day"), ("day"))`;
}

const emptyFigures = (days: number): MarketFigures => ({
  items: 0,
  listed: 0,
  owners: 0,
  floor: null,
  floorCents: null,
  windows: Object.fromEntries(
    FIGURE_WINDOWS.map((w) => [
      w,
      { sales: 0, volume: 0, volumeCents: 0, average: null, averageCents: null },
    ]),
  ) as Record<FigureWindow, SalesWindow>,
  daily: {
    sales: Array<number>(days).fill(0),
    volume: Array<number>(days).fill(0),
    volumeCents: Array<number>(days).fill(0),
  },
});

/** The figures of `kind` at the market's time now (the answer of `GET /market/figures`). */
export async function marketFigures(market: MarketContext, kind: ItemKind): Promise<KindFigures> {
  const at = market.now();
  const groupBy = FIGURE_GROUP_BY[kind];
  const group = sql`${groupBy === 'category' ? items.category : items.region}`;
  const days = seriesDays(at);
  // One snapshot: the two statements see the same sales, listings and owners.
  const [now, sales] = await market.db.transaction(
    async (tx: Tx) =>
      [
        await rowsOf<NowRow>(tx, nowQuery(kind, group, at)),
        await rowsOf<SalesRow>(tx, salesQuery(kind, group, at)),
      ] as const,
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

  const all = emptyFigures(days.length);
  const groups = GROUP_NAMES[kind].map((name) => ({ name, ...emptyFigures(days.length) }));
  const byName = new Map<string, MarketFigures>(groups.map((g) => [g.name, g]));
  const figuresOf = (row: { whole: number; name: string | null }) =>
    row.whole === 1 ? all : row.name === null ? undefined : byName.get(row.name);

  for (const row of now) {
    const figures = figuresOf(row);
    if (figures === undefined) continue;
    figures.items = row.items;
    figures.listed = row.listed;
    figures.owners = row.owners;
    figures.floorCents = row.floor;
    figures.floor = row.floor === null ? null : dollars(row.floor);
  }
  const dayIndex = new Map(days.map((day, i) => [day, i]));
  for (const row of sales) {
    const figures = figuresOf(row);
    if (figures === undefined) continue;
    if (row.day === null) {
      for (const w of FIGURE_WINDOWS) {
        const volumeCents = num(row[`volume_${w}`] ?? null) ?? 0;
        const averageCents = num(row[`average_${w}`] ?? null);
        figures.windows[w] = {
          sales: num(row[`sales_${w}`] ?? null) ?? 0,
          volume: dollars(volumeCents),
          volumeCents,
          average: averageCents === null ? null : dollars(averageCents),
          averageCents,
        };
      }
      continue;
    }
    // A day before the series' first (the 30-day window starts within it) is in no bar.
    const i = dayIndex.get(row.day);
    if (i === undefined) continue;
    const volumeCents = num(row.volume ?? null) ?? 0;
    figures.daily.sales[i] = num(row.sales ?? null) ?? 0;
    figures.daily.volumeCents[i] = volumeCents;
    figures.daily.volume[i] = dollars(volumeCents);
  }
  return {
    kind,
    groupBy,
    asOf: at.toISOString(),
    currency: 'usd',
    days,
    all,
    groups,
  };
}
