/**
 * A database from before the money invariants (migration 0006) — an `npm start` data folder of
 * the last release, seeded and used — takes the migration and keeps working: hand-made rows that
 * would break the new rules are brought in line, the books stay as they were, and the market's
 * audit finds nothing.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { auditMarket, formatViolation } from '../../src/db/audit';
import { MIGRATIONS_FOLDER, openDatabase } from '../../src/db/client';
import { HOUSE_USER_ID } from '../../src/db/schema';
import { seedIfEmpty } from '../../src/plugins/app/database';

/** The migrations folder as it was up to (and with) `lastTag`. */
function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'hypertek-migrations-'));
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  assert.ok(last >= 0, `no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

describe('migration 0006 on a database of the last release', () => {
  it('applies to a seeded, used database, repairs hand-made rows, and the audit finds nothing', async () => {
    const before = migrationsUpTo('0005_release_reports');
    const database = await openDatabase({ databaseUrl: 'memory://', dataDir: '', migrate: false });
    try {
      const db = database.db as unknown as PgliteDatabase;
      await migrate(db, { migrationsFolder: before });
      // Today's seed tells its story in the market's events (migration 0010), which that release
      // did not have: they go to a table of this session alone, dropped before the migrations.
      await database.rows(sql`
        create temporary table market_events (
          id bigint generated always as identity, kind text, item_id bigint, item_kind text,
          seller_id uuid, buyer_id uuid, listing_id uuid, offer_id uuid, amount_cents integer,
          payload jsonb, created_at timestamptz)`);
      // Nor the watchlist (migration 0013), which the seed's demo account fills last.
      await database.rows(sql`
        create temporary table watchlist (
          id bigint generated always as identity, user_id uuid, item_id bigint,
          alert_price_cents integer, created_at timestamptz)`);
      // Nor staff accounts: their table came later too.
      await seedIfEmpty(database, { staff: false });
      await database.rows(sql`drop table pg_temp.market_events`);
      await database.rows(sql`drop table pg_temp.watchlist`);
      const balances = () =>
        database.rows<{ user_id: string; cents: number }>(
          sql`select user_id, sum(amount_cents)::int as cents from ledger_entries where account = 'user' group by user_id order by user_id`,
        );
      const booksBefore = await balances();

      // Rows the market's code never writes, as a hand edit of the old database might have:
      // an item that lost its pointer to its active listing, and an active listing by someone who
      // does not own the item.
      const [listed] = await database.rows<{ id: number }>(
        sql`select id from items where owner_id = ${HOUSE_USER_ID} and listing_id is not null order by id limit 1`,
      );
      const [owned] = await database.rows<{ id: number; kind: string }>(
        sql`select id, kind from items where owner_id <> ${HOUSE_USER_ID} and listing_id is null order by id limit 1`,
      );
      assert.ok(listed !== undefined && owned !== undefined);
      await database.rows(sql`update items set listing_id = null where id = ${listed.id}`);
      await database.rows(
        sql`insert into listings (item_id, seller_id, kind, price_cents) values (${owned.id}, ${HOUSE_USER_ID}, ${owned.kind}, 100)`,
      );

      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
      const violations = await auditMarket(database);
      assert.deepEqual(violations, [], violations.map(formatViolation).join('\n'));
      assert.deepEqual(await balances(), booksBefore, 'the books are as they were');
      const [repaired] = await database.rows<{ listing_id: string | null; active: number }>(
        sql`select listing_id, (select count(*)::int from listings where item_id = ${owned.id} and status = 'active') as active from items where id = ${owned.id}`,
      );
      assert.deepEqual(repaired, { listing_id: null, active: 0 }, 'the stray listing is cancelled');
      const [pointed] = await database.rows<{ listing_id: string | null }>(
        sql`select listing_id from items where id = ${listed.id}`,
      );
      assert.notEqual(pointed?.listing_id, null, 'the item points at its active listing again');

      // Run again: nothing to do.
      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
      rmSync(before, { recursive: true, force: true });
    } finally {
      await database.close();
    }
  });
});
