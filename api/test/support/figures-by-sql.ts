/**
 * The market figures as plain SQL computes them, written apart from the API's own statements
 * (src/market/figures.ts) so that the tests compare two computations: one small query per figure,
 * per group and window, with PostgreSQL's own interval and date arithmetic instead of the API's
 * milliseconds. Gives the answer's shape (without `success` and `message`), in dollars and cents.
 *
 * The definitions (docs/product.md, Market figures): a sale is a paid order with its ledger
 * posting, at the posting's time, for the order's amount; windows are (at − length, at]; days
 * are UTC days, the last one the day of `at`; the floor and `listed` count live listings (active,
 * their end not come); owners are distinct owners other than the house.
 */
import { LAND_REGIONS, NFA_CATEGORIES, type ItemKind } from '@hypertek/shared/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { HOUSE_USER_ID } from '../../src/db/schema';

type Num = string | number | bigint | null;
const num = (value: Num): number | null => (value === null ? null : Number(value));
const money = (cents: number | null) => (cents === null ? null : cents / 100);

const WINDOWS = [
  ['24h', '24 hours'],
  ['7d', '7 days'],
  ['30d', '30 days'],
] as const;

async function one<T>(app: FastifyInstance, query: SQL): Promise<T> {
  const [row] = await app.database.rows<T>(query);
  if (row === undefined) throw new Error('no row');
  return row;
}

/** The figures of the items of `kind` that `inGroup` selects (`i` is the item), at `at`. */
async function figuresOf(app: FastifyInstance, kind: ItemKind, inGroup: SQL, at: string) {
  const now = await one<{ items: number; owners: number; listed: number; floor: Num }>(
    app,
    sql`select
      (select count(*)::int from items i where i.kind = ${kind} and ${inGroup}) as items,
      (select count(distinct i.owner_id)::int from items i
        where i.kind = ${kind} and ${inGroup} and i.owner_id <> ${HOUSE_USER_ID}) as owners,
      (select count(*)::int from listings l join items i on i.id = l.item_id
        where i.kind = ${kind} and ${inGroup} and l.status = 'active'
          and (l.expires_at is null or l.expires_at > ${at}::timestamptz)) as listed,
      (select min(l.price_cents) from listings l join items i on i.id = l.item_id
        where i.kind = ${kind} and ${inGroup} and l.status = 'active'
          and (l.expires_at is null or l.expires_at > ${at}::timestamptz)) as floor`,
  );
  // The sales of the group: one row per paid order with its ledger posting.
  const sales = sql`select t.created_at, o.amount_cents from ledger_transactions t
    join orders o on o.id = t.order_id
    join items i on i.id = o.item_id
    where t.kind = 'sale' and o.status = 'paid' and i.kind = ${kind} and ${inGroup}
      and t.created_at <= ${at}::timestamptz`;
  const windows: Record<string, unknown> = {};
  for (const [name, length] of WINDOWS) {
    const row = await one<{ sales: number; volume: Num; average: Num }>(
      app,
      sql`select count(*)::int as sales, coalesce(sum(s.amount_cents), 0) as volume,
          round(avg(s.amount_cents)) as average
        from (${sales}) s where s.created_at > ${at}::timestamptz - ${length}::interval`,
    );
    const volumeCents = num(row.volume) ?? 0;
    const averageCents = num(row.average);
    windows[name] = {
      sales: row.sales,
      volume: volumeCents / 100,
      volumeCents,
      average: money(averageCents),
      averageCents,
    };
  }
  const days = await app.database.rows<{ day: string; sales: number; volume: Num }>(sql`
    with days as (
      select generate_series(
        date_trunc('day', ${at}::timestamptz at time zone 'UTC') - interval '29 days',
        date_trunc('day', ${at}::timestamptz at time zone 'UTC'),
        interval '1 day') as d)
    select to_char(days.d, 'YYYY-MM-DD') as day, count(s.amount_cents)::int as sales,
      coalesce(sum(s.amount_cents), 0) as volume
    from days left join (${sales}) s
      on s.created_at at time zone 'UTC' >= days.d
      and s.created_at at time zone 'UTC' < days.d + interval '1 day'
    group by days.d order by days.d`);
  const floorCents = num(now.floor);
  return {
    days: days.map((d) => d.day),
    figures: {
      items: now.items,
      listed: now.listed,
      owners: now.owners,
      floor: money(floorCents),
      floorCents,
      windows,
      daily: {
        sales: days.map((d) => d.sales),
        volume: days.map((d) => (num(d.volume) ?? 0) / 100),
        volumeCents: days.map((d) => num(d.volume) ?? 0),
      },
    },
  };
}

/** The answer of `GET /market/figures?kind=` at `at`, as plain SQL computes it. */
export async function figuresBySql(app: FastifyInstance, kind: ItemKind, at: Date) {
  const stamp = at.toISOString();
  const column = sql.raw(kind === 'nfa' ? 'i.category' : 'i.region');
  const all = await figuresOf(app, kind, sql`true`, stamp);
  const groups = [];
  for (const name of kind === 'nfa' ? NFA_CATEGORIES : LAND_REGIONS) {
    groups.push({ name, ...(await figuresOf(app, kind, sql`${column} = ${name}`, stamp)).figures });
  }
  return {
    kind,
    groupBy: kind === 'nfa' ? 'category' : 'region',
    asOf: stamp,
    currency: 'usd',
    days: all.days,
    all: all.figures,
    groups,
  };
}
