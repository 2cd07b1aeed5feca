/**
 * Notifications (issue 31, point 2): who is told what by the worker, the seller's minimum offer,
 * the preferences, the calls (paging, read, read all, another user's refused, bad input 400),
 * the mails (the important kinds, with a one-click unsubscribe per kind; a forged link refused)
 * and "at most once" when the worker stops between a mail's claim and its mark.
 */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { NotificationMailRow } from '../../src/db/schema';
import { notificationWorker } from '../../src/notifications/worker';
import type { Mailer } from '../../src/plugins/app/mailer';
import { buildTestApp, json, signup } from '../helpers';
import { answerOffer, buy, list, offer, owning } from '../market-helpers';
import type { User } from '../payments-helpers';

const HOUR = 3_600_000;
// House items neither the seed's story nor another test of this file touches.
const NFA = { told: 90, threshold: 91, reservation: 92, calls: 93, mails: 94, once: 95 };

const clock = { now: Date.now() };
const app = await buildTestApp({ after }, {}, { clock: () => clock.now });
const worker = app.notificationWorker;

interface Listed {
  id: string;
  kind: string;
  text: string;
  itemId: string;
  priceCents: number | null;
  reservedUntil: string | null;
  read: boolean;
}

async function notificationsOf(user: User, query = '') {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/notifications${query}`,
    headers: user.auth,
  });
  assert.equal(response.statusCode, 200, response.body);
  return json(response) as { data: Listed[]; nextCursor: string | null; unread: number };
}

/** What a user was told about one item, oldest first: `kind amount`. */
async function toldAbout(user: User, itemId: number): Promise<string[]> {
  return (await notificationsOf(user, '?limit=100')).data
    .filter((n) => n.itemId === String(itemId))
    .reverse()
    .map((n) => `${n.kind} ${n.priceCents ?? ''}`.trim());
}

/** Every mail the outbox holds, as text. */
async function mails(): Promise<string[]> {
  const files = (await readdir(app.config.outboxDir).catch(() => [])).sort();
  return Promise.all(files.map((f) => readFile(join(app.config.outboxDir, f), 'utf8')));
}
/** The worker's mails to `email` (the ones with an unsubscribe). */
const mailsTo = async (email: string) =>
  (await mails()).filter((m) => m.includes(`To: ${email}`) && m.includes('List-Unsubscribe:'));

/** An offer's id from its answer. */
async function offered(user: User, itemId: number, price: number): Promise<string> {
  const response = await offer(app, user, itemId, price);
  assert.equal(response.statusCode, 201, response.body);
  return json(response).offer._id as string;
}

/** A worker of this app's database with its own mailer (and a stop between claim and mark). */
const workerWith = (mailer: Mailer, beforeMark?: () => Promise<void>) =>
  notificationWorker({
    database: app.database,
    mailer,
    tokens: app.unsubscribeTokens,
    now: () => new Date(clock.now),
    siteUrl: app.config.siteUrl,
    unsubscribeUrl: (token) => `http://api.test/unsubscribe?token=${token}`,
    log: app.log,
    beforeMark,
  });

const preferences = (user: User, payload: unknown) =>
  app.inject({
    method: 'PATCH',
    url: '/api/v1/notifications/preferences',
    headers: user.auth,
    payload: payload as object,
  });

describe('notifications: who is told what', () => {
  it('the owner of offers, the makers of their answers and of being outbid, the seller of a sale', async () => {
    const [seller, b, c] = [await owning(app, NFA.told), await signup(app), await signup(app)];
    const first = await offered(b, NFA.told, 100);
    const second = await offered(c, NFA.told, 150);
    assert.equal((await answerOffer(app, seller, first, 'decline')).statusCode, 200);
    const accepted = await answerOffer(app, seller, second, 'accept');
    assert.equal(accepted.statusCode, 200, accepted.body);
    assert.equal((await buy(app, c, NFA.told, 15_000)).statusCode, 200);
    await worker.runOnce();

    assert.deepEqual(await toldAbout(seller, NFA.told), [
      'offer.received 10000',
      'offer.received 15000',
      'item.sold 15000',
    ]);
    assert.deepEqual(await toldAbout(b, NFA.told), ['offer.outbid 15000', 'offer.declined 10000']);
    const cTold = (await notificationsOf(c)).data.filter((n) => n.itemId === String(NFA.told));
    assert.deepEqual(
      cTold.map((n) => n.kind),
      ['offer.accepted'],
    );
    assert.ok(cTold[0]?.reservedUntil !== null);
    assert.match(cTold[0]?.text ?? '', /^Your offer of \$150 on .+ was accepted$/);

    // A second round tells nothing twice.
    await worker.runOnce();
    assert.equal((await toldAbout(seller, NFA.told)).length, 3);

    // Mails for the important ones: offers received and the sale to the seller, the acceptance
    // to its maker; none for a decline or an outbid offer.
    const sellerMails = await mailsTo(seller.email);
    assert.equal(sellerMails.length, 3);
    assert.equal(sellerMails.filter((m) => /Subject: New offer of/.test(m)).length, 2);
    assert.equal(sellerMails.filter((m) => /sold for \$150/.test(m)).length, 1);
    assert.equal((await mailsTo(c.email)).length, 1);
    assert.equal((await mailsTo(b.email)).length, 0);
    for (const mail of sellerMails) {
      assert.match(
        mail,
        /List-Unsubscribe:\s+<http[^>]+\/api\/v1\/notifications\/unsubscribe\?token=/,
      );
      assert.match(mail, /List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    }
  });

  it("a seller's minimum offer, and a kind switched off, tell nothing and mail nothing", async () => {
    const [seller, b, c] = [await owning(app, NFA.threshold), await signup(app), await signup(app)];
    const set = await preferences(seller, { minOfferPrice: 200 });
    assert.equal(set.statusCode, 200, set.body);
    assert.equal(json(set).minOfferCents, 20_000);
    await offered(b, NFA.threshold, 199.99);
    await offered(b, NFA.threshold, 200); // replaces it, at the threshold: told
    await worker.runOnce();
    assert.deepEqual(await toldAbout(seller, NFA.threshold), ['offer.received 20000']);

    const off = await preferences(seller, {
      kinds: [{ kind: 'offer.received', notify: false, email: false }],
    });
    assert.equal(off.statusCode, 200, off.body);
    const kinds = json(off).kinds as { kind: string; notify: boolean; email: boolean | null }[];
    assert.deepEqual(
      kinds.find((k) => k.kind === 'offer.received'),
      {
        kind: 'offer.received',
        notify: false,
        email: false,
      },
    );
    assert.deepEqual(
      kinds.find((k) => k.kind === 'offer.outbid'),
      {
        kind: 'offer.outbid',
        notify: true,
        email: null,
      },
    );
    const before = (await mailsTo(seller.email)).length;
    await offered(c, NFA.threshold, 500);
    await worker.runOnce();
    assert.deepEqual(await toldAbout(seller, NFA.threshold), ['offer.received 20000']);
    assert.equal((await mailsTo(seller.email)).length, before);
    // The outbid maker is still told: the seller's switch is theirs alone.
    assert.deepEqual(await toldAbout(b, NFA.threshold), ['offer.outbid 50000']);

    // Email only: told by mail, not in the centre.
    await preferences(seller, {
      kinds: [{ kind: 'offer.received', email: true }],
      minOfferPrice: null,
    });
    await offered(b, NFA.threshold, 600);
    await worker.runOnce();
    assert.deepEqual(await toldAbout(seller, NFA.threshold), ['offer.received 20000']);
    assert.equal((await mailsTo(seller.email)).length, before + 1);
  });

  it('a reservation lapsing within the hour, once, then lapsed', async () => {
    const [seller, maker] = [await owning(app, NFA.reservation), await signup(app)];
    const id = await offered(maker, NFA.reservation, 300);
    assert.equal((await answerOffer(app, seller, id, 'accept')).statusCode, 200);
    await worker.runOnce();
    const reservedUntil = Date.parse(
      (await notificationsOf(maker)).data.find((n) => n.kind === 'offer.accepted')?.reservedUntil ??
        '',
    );
    assert.ok(reservedUntil > clock.now + HOUR);
    const start = clock.now;
    try {
      clock.now = reservedUntil - HOUR - 1000;
      await worker.runOnce();
      assert.deepEqual(await toldAbout(maker, NFA.reservation), ['offer.accepted 30000']);
      clock.now = reservedUntil - HOUR / 2;
      await worker.runOnce();
      await worker.runOnce();
      assert.deepEqual(await toldAbout(maker, NFA.reservation), [
        'offer.accepted 30000',
        'reservation.lapsing 30000',
      ]);
      // The lapse is written down by the next change on the item (here, the owner listing it).
      clock.now = reservedUntil + 1000;
      assert.equal((await list(app, seller, NFA.reservation, 900)).statusCode, 201);
      await worker.runOnce();
      assert.deepEqual(await toldAbout(maker, NFA.reservation), [
        'offer.accepted 30000',
        'reservation.lapsing 30000',
        'reservation.lapsed 30000',
      ]);
      const subjects = (await mailsTo(maker.email)).map((m) => /Subject: (.*)/.exec(m)?.[1]);
      assert.equal(subjects.filter((s) => s?.includes('ends within the hour')).length, 1);
      assert.equal(subjects.filter((s) => s?.includes('lapsed unpaid')).length, 1);
    } finally {
      clock.now = start;
    }
  });
});

describe('notifications: the calls', () => {
  it('newest first, paged, read one and all; another user cannot see or mark one', async () => {
    const [seller, b, c] = [await owning(app, NFA.calls), await signup(app), await signup(app)];
    for (const price of [10, 20, 30]) await offered(b, NFA.calls, price);
    await worker.runOnce();
    const all = await notificationsOf(seller);
    assert.equal(all.unread, 3);
    assert.deepEqual(
      all.data.map((n) => n.priceCents),
      [3000, 2000, 1000],
    );
    const first = await notificationsOf(seller, '?limit=2');
    assert.equal(first.data.length, 2);
    assert.ok(first.nextCursor !== null);
    const rest = await notificationsOf(seller, `?limit=2&cursor=${first.nextCursor}`);
    assert.deepEqual(
      rest.data.map((n) => n.priceCents),
      [1000],
    );
    assert.equal(rest.nextCursor, null);

    const target = all.data[1]?.id ?? '';
    const read = (user: User, id: string) =>
      app.inject({ method: 'POST', url: `/api/v1/notifications/${id}/read`, headers: user.auth });
    // Another user's notification is answered as one that does not exist, and stays unread.
    const theirs = await read(c, target);
    assert.equal(theirs.statusCode, 404);
    assert.equal(json(theirs).message, 'Notification not found');
    assert.equal((await read(c, '999999999')).statusCode, 404);
    assert.equal((await notificationsOf(seller)).unread, 3);

    const mine = await read(seller, target);
    assert.equal(mine.statusCode, 200, mine.body);
    assert.equal(json(mine).unread, 2);
    assert.equal((await read(seller, target)).statusCode, 200);
    assert.equal((await notificationsOf(seller)).data.find((n) => n.id === target)?.read, true);
    const allRead = await app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read-all',
      headers: seller.auth,
    });
    assert.equal(json(allRead).unread, 0);
    assert.equal((await notificationsOf(seller)).unread, 0);
    assert.equal((await notificationsOf(c)).data.length, 0);
  });

  it('no sign-in: 401; bad input: 400 with a message', async () => {
    const user = await signup(app);
    for (const [method, url] of [
      ['GET', '/api/v1/notifications'],
      ['POST', '/api/v1/notifications/1/read'],
      ['POST', '/api/v1/notifications/read-all'],
      ['GET', '/api/v1/notifications/preferences'],
      ['PATCH', '/api/v1/notifications/preferences'],
    ] as const) {
      const response = await app.inject({
        method,
        url,
        payload: method === 'GET' ? undefined : {},
      });
      assert.equal(response.statusCode, 401, `${method} ${url}: ${response.body}`);
    }
    const bad = async (response: { statusCode: number; body: string }, message: RegExp) => {
      assert.equal(response.statusCode, 400, response.body);
      assert.match(JSON.parse(response.body).message, message);
    };
    const get = (url: string) => app.inject({ method: 'GET', url, headers: user.auth });
    await bad(await get('/api/v1/notifications?cursor=nope'), /cursor is not valid/);
    await bad(await get('/api/v1/notifications?limit=0'), /limit/);
    await bad(await get('/api/v1/notifications?other=1'), /other/);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      await bad(
        await app.inject({
          method: 'POST',
          url: `/api/v1/notifications/${id}/read`,
          headers: user.auth,
        }),
        /notification id is not valid/,
      );
    }
    await bad(
      await preferences(user, { kinds: [{ kind: 'item.watched', notify: false }] }),
      /kind/,
    );
    await bad(
      await preferences(user, { kinds: [{ kind: 'offer.declined', email: false }] }),
      /offer\.declined notifications are not sent by email/,
    );
    await bad(
      await preferences(user, {
        kinds: [
          { kind: 'item.sold', notify: false },
          { kind: 'item.sold', email: false },
        ],
      }),
      /item\.sold is named more than once/,
    );
    await bad(await preferences(user, { kinds: [{ kind: 'item.sold', notify: 'no' }] }), /notify/);
    await bad(
      await preferences(user, { minOfferPrice: -1 }),
      /Minimum offer: Price must be a positive number/,
    );
    await bad(await preferences(user, { minOfferPrice: 1.234 }), /at most 2 decimals/);
    await bad(await preferences(user, { minOfferPrice: 2_000_000 }), /at most 1,000,000/);
    await bad(await preferences(user, { colour: 'red' }), /colour/);
    // Nothing of it changed anything.
    const read = json(await get('/api/v1/notifications/preferences'));
    assert.ok(read.kinds.every((k: { notify: boolean }) => k.notify));
    assert.equal(read.minOfferCents, null);
  });
});

describe('notifications: mails', () => {
  it('the one-click unsubscribe stops that kind only; a forged or altered link changes nothing', async () => {
    const [seller, b] = [await owning(app, NFA.mails), await signup(app)];
    await offered(b, NFA.mails, 40);
    await worker.runOnce();
    const [mail] = await mailsTo(seller.email);
    // Headers fold long lines: join them before reading the address.
    const header = /List-Unsubscribe:\s*<([^>]+)>/.exec((mail ?? '').replace(/\r?\n[ \t]+/g, ''));
    assert.ok(header?.[1] !== undefined, `no List-Unsubscribe header in ${mail}`);
    const url = new URL(header[1]);
    const token = url.searchParams.get('token') ?? '';
    const path = `${url.pathname}?token=${encodeURIComponent(token)}`;

    const prefs = async () =>
      json(
        await app.inject({
          method: 'GET',
          url: '/api/v1/notifications/preferences',
          headers: seller.auth,
        }),
      ).kinds as { kind: string; notify: boolean; email: boolean | null }[];
    const unchanged = await prefs();

    const shown = await app.inject({ method: 'GET', url: path });
    assert.equal(shown.statusCode, 200, shown.body);
    assert.deepEqual([json(shown).kind, json(shown).email], ['offer.received', true]);
    assert.deepEqual(await prefs(), unchanged, 'GET changed nothing');

    // Forged: another kind with the same signature; altered: the signature changed; garbage.
    const [payload, signature] = token.split('.');
    const otherKind = Buffer.from(JSON.stringify([seller.user._id, 'item.sold'])).toString(
      'base64url',
    );
    const flipped = `${signature?.slice(0, -2)}${signature?.endsWith('AA') ? 'AB' : 'AA'}`;
    for (const forged of [`${otherKind}.${signature}`, `${payload}.${flipped}`, 'x.y', 'nope']) {
      const answer = await app.inject({
        method: 'POST',
        url: `/api/v1/notifications/unsubscribe?token=${encodeURIComponent(forged)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      assert.equal(answer.statusCode, 400, answer.body);
      assert.equal(json(answer).message, 'This unsubscribe link is not valid');
    }
    assert.deepEqual(await prefs(), unchanged);

    const done = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    assert.equal(done.statusCode, 200, done.body);
    assert.deepEqual(
      (await prefs()).map((k) => [k.kind, k.notify, k.email]),
      unchanged.map((k) => [k.kind, k.notify, k.kind === 'offer.received' ? false : k.email]),
    );
    // The next offer notifies, and is not mailed.
    const before = (await mailsTo(seller.email)).length;
    await offered(b, NFA.mails, 50);
    await worker.runOnce();
    assert.equal((await mailsTo(seller.email)).length, before);
    assert.deepEqual(await toldAbout(seller, NFA.mails), [
      'offer.received 4000',
      'offer.received 5000',
    ]);
  });

  it('a mail is sent once when the worker stops between its claim and its mark; a refused one is retried', async () => {
    const [seller, b] = [await owning(app, NFA.once), await signup(app)];
    await worker.runOnce(); // what came before: handled and mailed
    let handedOver = 0;
    const mailer = {
      ...app.mailer,
      deliver: async (email: Parameters<typeof app.mailer.deliver>[0]) => {
        handedOver++;
        await app.mailer.deliver(email);
      },
    };
    const stopped = new Error('the worker stopped here');
    const stopping = workerWith(mailer, async () => {
      throw stopped;
    });
    await offered(b, NFA.once, 70);
    await assert.rejects(stopping.runOnce(), stopped);
    assert.equal(handedOver, 1);
    const rows = () =>
      app.database.rows<Pick<NotificationMailRow, 'status' | 'attempts'>>(
        sql`select status, attempts from notification_mails where user_id = ${seller.user._id}`,
      );
    assert.deepEqual(await rows(), [{ status: 'sending', attempts: 1 }]);
    // Started again (another worker, the same database): the claimed mail is not sent again.
    const restarted = workerWith(mailer);
    await restarted.runOnce();
    await worker.runOnce();
    assert.equal(handedOver, 1);
    assert.equal((await mailsTo(seller.email)).length, 1);

    // A hand-over that fails goes back to pending, and is sent after its back-off.
    let refuse = true;
    const flaky = workerWith({
      ...app.mailer,
      deliver: async (email) => {
        if (refuse) throw new Error('421 try again later');
        handedOver++;
        await app.mailer.deliver(email);
      },
    });
    await offered(b, NFA.once, 80);
    await flaky.runOnce();
    const pending = await app.database.rows<{
      status: string;
      attempts: number;
      last_error: string;
    }>(
      sql`select status, attempts, last_error from notification_mails where user_id = ${seller.user._id} order by id`,
    );
    assert.deepEqual(pending[1], {
      status: 'pending',
      attempts: 1,
      last_error: '421 try again later',
    });
    refuse = false;
    await flaky.runOnce();
    assert.equal(handedOver, 1, 'not before its back-off');
    const start = clock.now;
    try {
      clock.now += 31_000;
      await flaky.runOnce();
    } finally {
      clock.now = start;
    }
    assert.equal(handedOver, 2);
    assert.deepEqual(
      (await rows()).map((r) => r.status),
      ['sending', 'sent'],
    );
  });
});
