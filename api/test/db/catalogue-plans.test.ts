/**
 * No list query reads the million-item catalogue row by row: on a PostgreSQL server (CI's), a
 * fresh database is seeded with 1,000,000 items (the benchmark seed, about 40 s on 2 cores;
 * `CATALOGUE_PLAN_ITEMS` to change it) and analyzed, then EXPLAIN of every sort × filter of
 * `test/support/catalogue-cases.ts`, first page and a deep page (a real cursor 2,000 rows in),
 * must use an index of `items` and contain no Seq Scan. Skipped on the embedded database: its
 * planner is the same, but a million rows there take minutes to write.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/db/client';
import { seedLargeCatalogue } from '../../src/db/seed/large-catalogue';
import { createItemsRepository } from '../../src/repositories/items-repository';
import { deepPosition, listCases } from '../support/catalogue-cases';
import { createServerDatabase, type ServerDatabase } from '../support/server-database';

const databaseUrl = process.env.DATABASE_URL;
const skip =
  databaseUrl === undefined || !/^postgres(ql)?:/.test(databaseUrl)
    ? 'needs DATABASE_URL (a PostgreSQL server): the plans are those of the million-item catalogue'
    : false;
const ITEMS = Number(process.env.CATALOGUE_PLAN_ITEMS ?? 1_000_000);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe(`list plans on ${ITEMS.toLocaleString('en')} items`, { skip }, () => {
  let server: ServerDatabase;
  let database: Database;

  before(async () => {
    server = await createServerDatabase(databaseUrl!, 'hypertek_plans');
    database = await openDatabase({ databaseUrl: server.url, dataDir: '', poolSize: 2 });
    const started = Date.now();
    await seedLargeCatalogue(database, {
      total: ITEMS,
      passwordHash: async () => 'not-a-real-hash',
      withoutSearchIndex: true,
    });
    console.log(`plans: seeded ${ITEMS.toLocaleString('en')} items in ${Date.now() - started} ms`);
  });
  after(async () => {
    await database.close();
    await server.drop();
  });

  it('every sort and filter, first and deep page, reads an index of items, never a Seq Scan', async () => {
    const repository = createItemsRepository(database);
    const used = new Map<string, number>();
    let checked = 0;
    for (const listCase of listCases()) {
      const deep = await deepPosition(database, listCase);
      for (const [page, position] of [
        ['first page', null],
        ['deep page', deep?.position ?? null],
      ] as const) {
        const [row] = await database.rows<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          sql`explain (format json) ${repository.listSql(listCase.query, 21, position)}`,
        );
        const nodes = nodesOf(row!['QUERY PLAN'][0].Plan);
        const label = `${listCase.label}, ${page}: ${nodes.map((n) => n['Node Type']).join(' > ')}`;
        assert.ok(!nodes.some((n) => /Seq Scan/.test(n['Node Type'])), label);
        const indexes = nodes.flatMap((n) =>
          n['Index Name'] === undefined ? [] : [n['Index Name']],
        );
        assert.ok(indexes.length > 0, label);
        for (const name of indexes) {
          assert.match(name, /^items_/, label);
          used.set(name, (used.get(name) ?? 0) + 1);
        }
        checked++;
      }
    }
    // Every index made for the lists serves some of them.
    for (const name of [
      'items_kind_price_id_idx',
      'items_kind_listed_id_idx',
      'items_kind_title_id_idx',
      'items_rarity_title_id_idx',
      'items_region_title_id_idx',
    ]) {
      assert.ok(used.has(name), `${name} is used`);
    }
    console.log(
      `plans: ${checked} list queries, Seq Scan: 0; indexes ${[...used].map(([n, c]) => `${n.replace(/^items_/, '')} ×${c}`).join(', ')}`,
    );
  });

  it("an item's sales read activities_item_occurred_idx", async () => {
    // The seed's activity is small enough for any plan: make it a million-item-sized table.
    await database.rows(sql`
      insert into activities (item_id, name, type, buyer, seller, price_cents, occurred_at)
      select 1 + (g % ${ITEMS}), 'Generated', case when g % 4 = 0 then 'Sale' else 'Listing' end,
        'a', 'b', 100, now() - g * interval '1 minute'
      from generate_series(1, 200000) as g`);
    await database.rows(sql`analyze activities`);
    const [row] = await database.rows<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(sql`
      explain (format json)
      select id from activities where item_id = 42 and type = 'Sale'
      order by occurred_at desc nulls last, id desc nulls last limit 21`);
    const nodes = nodesOf(row!['QUERY PLAN'][0].Plan);
    assert.ok(!nodes.some((n) => /Seq Scan/.test(n['Node Type'])));
    assert.ok(nodes.some((n) => n['Index Name'] === 'activities_item_occurred_idx'));
  });
});
