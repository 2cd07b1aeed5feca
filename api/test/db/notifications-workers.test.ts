/**
 * Two API instances on one database (issue 31, notifications): each runs its notification
 * worker; while events are written from many transactions, the two together turn each event
 * into its notification exactly once (the cursor row's lock, the unique key behind it), and
 * hand each mail over exactly once (claimed with `for update skip locked`). The instances need
 * two connections: this runs on a PostgreSQL server (DATABASE_URL).
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/db/client';
import { recordEvent } from '../../src/market/events';
import { notificationWorker } from '../../src/notifications/worker';
import { buildTestApp, signup } from '../helpers';

const app = await buildTestApp({ after });

describe('notifications with two instances', () => {
  it('each event is told once and each mail handed over once', async (t) => {
    if (app.database.driver !== 'postgres' || app.config.databaseUrl === null) {
      t.skip('two instances need a PostgreSQL server (DATABASE_URL)');
      return;
    }
    const other = await openDatabase({ databaseUrl: app.config.databaseUrl, dataDir: '' });
    t.after(() => other.close());
    const sellers = await Promise.all(Array.from({ length: 5 }, () => signup(app)));
    const [start] = await app.database.rows<{ id: string | null }>(
      sql`select max(id) as id from market_events`,
    );
    // What came before (the seed's story) is handled first, so only this test's events count.
    await app.notificationWorker.runOnce();

    const handedOver: number[] = [];
    const instance = (database: Database) =>
      notificationWorker({
        database,
        mailer: { ...app.mailer, deliver: async () => {} },
        tokens: app.unsubscribeTokens,
        now: () => new Date(),
        siteUrl: app.config.siteUrl,
        unsubscribeUrl: (token) => `http://api.test/unsubscribe?token=${token}`,
        log: app.log,
        beforeMark: async (mail) => {
          handedOver.push(mail.id);
        },
      });
    const workers = [instance(app.database), instance(other)];

    const EVENTS = 120;
    let writing = true;
    const polling = workers.map(async (worker) => {
      while (writing) await worker.runOnce();
      await worker.runOnce();
    });
    // Events from many transactions at once, each an offer to one of the sellers.
    await Promise.all(
      Array.from({ length: EVENTS }, (_, i) =>
        app.database.db.transaction(async (tx) => {
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
          await recordEvent(tx, {
            kind: 'offer.made',
            item: { id: 1, kind: 'nfa' },
            sellerId: sellers[i % sellers.length]?.user._id,
            amountCents: 100 + i,
            at: new Date(),
          });
        }),
      ),
    );
    writing = false;
    await Promise.all(polling);

    const told = await app.database.rows<{ source: string; n: number }>(
      sql`select source, count(*)::int as n from notifications
          where source in (select 'e' || id from market_events where id > ${Number(start?.id ?? 0)})
          group by source`,
    );
    assert.equal(told.length, EVENTS, 'every event told');
    assert.ok(
      told.every((row) => row.n === 1),
      'each once',
    );
    const mails = await app.database.rows<{ id: number; status: string }>(
      sql`select id::int, status from notification_mails
          where source in (select 'e' || id from market_events where id > ${Number(start?.id ?? 0)})`,
    );
    assert.equal(mails.length, EVENTS);
    assert.ok(mails.every((m) => m.status === 'sent'));
    assert.equal(new Set(handedOver).size, handedOver.length, 'no mail handed over twice');
    assert.deepEqual(
      mails.map((m) => m.id).sort((a, b) => a - b),
      handedOver.filter((id) => mails.some((m) => m.id === id)).sort((a, b) => a - b),
    );
    const [cursor] = await app.database.rows<{ last: string }>(
      sql`select last_event_id as last from notification_cursor`,
    );
    const [last] = await app.database.rows<{ id: string }>(
      sql`select max(id) as id from market_events`,
    );
    assert.equal(Number(cursor?.last), Number(last?.id));
  });
});
