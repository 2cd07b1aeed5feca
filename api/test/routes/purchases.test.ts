import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { MESSAGES } from '@hypertek/shared/contract';
import { sql } from 'drizzle-orm';
import { isUniqueViolation } from '../../src/db/client';
import { API_MESSAGES } from '../../src/lib/errors';
import { buildTestApp, json, signup } from '../helpers';
import {
  CARDS,
  createIntent,
  payBySandboxCard,
  priceCents,
  readAs,
  type User,
} from '../payments-helpers';

const app = await buildTestApp({ after });
const purchase = (payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/v1/game/create', payload: payload as object, headers });

/** Buys an item by card at the price shown (the seeded items used here are the house's). */
async function buyByCard(user: User, itemId: number) {
  const response = await payBySandboxCard(app, user, itemId, CARDS.visa);
  assert.equal(response.statusCode, 200, response.body);
}

/** The seeded demo account, signed in with its password. */
async function signInDemo() {
  const login = json(
    await app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { Email: 'demo@hypertek.local', Password: 'HyperTek2117' },
    }),
  );
  return {
    user: login.user as { _id: string },
    auth: { authorization: `Bearer ${login.token as string}` },
  };
}

const ordersOf = async (itemId: number) =>
  app.database.rows<{ status: string }>(
    sql`select status from orders where item_id = ${itemId} order by status`,
  );

describe('POST /game/create', () => {
  it("answers 'User Id is required Please signin' without a userId (before any token check)", async () => {
    for (const payload of [
      { productId: '1' },
      { userId: '', productId: '1' },
      { userId: '   ', productId: '1' },
      {},
    ]) {
      const response = await purchase(payload);
      assert.equal(response.statusCode, 400);
      assert.deepEqual(json(response), { success: false, message: MESSAGES.userIdRequired });
    }
  });

  it("answers 'Product ID is  required' (two spaces) without a productId", async () => {
    const user = await signup(app);
    const response = await purchase({ userId: user.user._id }, user.auth);
    assert.equal(response.statusCode, 400);
    assert.deepEqual(json(response), { success: false, message: 'Product ID is  required' });
  });

  it('refuses wrong types with 400 and a clear message', async () => {
    const response = await purchase({ userId: 12, productId: 3 });
    assert.equal(response.statusCode, 400);
    assert.equal(json(response).success, false);
    assert.match(json(response).message, /userId/);
  });

  it('needs a valid token (401) and refuses another user id (403)', async () => {
    const alice = await signup(app);
    const bob = await signup(app);
    const anonymous = await purchase({ userId: alice.user._id, productId: '1' });
    assert.equal(anonymous.statusCode, 401);
    assert.equal(json(anonymous).message, API_MESSAGES.authRequired);
    const other = await purchase({ userId: alice.user._id, productId: '1' }, bob.auth);
    assert.equal(other.statusCode, 403);
    assert.deepEqual(json(other), { success: false, message: API_MESSAGES.forbiddenUser });
  });

  it('answers 404 for an unknown product', async () => {
    const user = await signup(app);
    for (const productId of ['987654', 'not-an-id']) {
      const response = await purchase({ userId: user.user._id, productId }, user.auth);
      assert.equal(response.statusCode, 404);
      assert.deepEqual(json(response), { success: false, message: API_MESSAGES.productNotFound });
    }
  });

  it("answers exist 'no' with the price until the caller owns the item, then 'yes'", async () => {
    const user = await signup(app);
    const first = await purchase({ userId: user.user._id, productId: '5' }, user.auth);
    assert.equal(first.statusCode, 200);
    assert.equal(json(first).exist, 'no');
    assert.equal(Math.round(json(first).price * 100), await priceCents(app, 5));
    assert.equal(json(first).reservedUntil, null);
    const again = await purchase({ userId: user.user._id, productId: '5' }, user.auth);
    assert.equal(json(again).exist, 'no', 'an abandoned check does not block a later purchase');
    await buyByCard(user, 5);
    const paid = await purchase({ userId: user.user._id, productId: '5' }, user.auth);
    assert.equal(paid.statusCode, 200);
    assert.equal(json(paid).exist, 'yes');
    assert.equal(json(paid).message, MESSAGES.alreadyPurchased);
    const otherItem = await purchase({ userId: user.user._id, productId: '9' }, user.auth);
    assert.equal(json(otherItem).exist, 'no');
  });

  it('records no order and holds nothing for 50 concurrent identical checks', async () => {
    const user = await signup(app);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        purchase({ userId: user.user._id, productId: '7' }, user.auth),
      ),
    );
    const price = (await priceCents(app, 7)) / 100;
    for (const response of responses) {
      assert.equal(response.statusCode, 200);
      assert.equal(json(response).exist, 'no');
      assert.equal(json(response).price, price);
    }
    assert.deepEqual(await ordersOf(7), []);
    // Nobody is held back by the checks: another buyer pays at once.
    await buyByCard(await signup(app), 7);
    assert.deepEqual(await ordersOf(7), [{ status: 'paid' }]);
  });

  it('refuses a second pending order for an item at the database level: one checkout at a time', async () => {
    const holder = await signup(app);
    const other = await signup(app);
    // The holder opens the embedded payment: their checkout holds the item (a pending order).
    assert.equal((await createIntent(app, holder, 8)).statusCode, 200);
    assert.deepEqual(await ordersOf(8), [{ status: 'pending' }]);
    await assert.rejects(
      app.database.rows(
        sql`insert into orders (user_id, item_id, amount_cents) values (${other.user._id}, 8, 100)`,
      ),
      (error) => isUniqueViolation(error),
    );
    // Orders that no longer hold it (void, paid) are not counted.
    await app.database.rows(
      sql`insert into orders (user_id, item_id, amount_cents, status) values (${other.user._id}, 8, 100, 'void')`,
    );
    assert.deepEqual(await ordersOf(8), [{ status: 'pending' }, { status: 'void' }]);
  });
});

describe('GET /history/history/{userId}', () => {
  it("answers an empty list with 'No payments found' for a new user", async () => {
    const user = await signup(app);
    const response = await readAs(app, user, `/api/v1/history/history/${user.user._id}`);
    assert.equal(response.statusCode, 200);
    const body = json(response);
    assert.equal(body.success, true);
    assert.deepEqual(body.data, []);
    assert.equal(body.message, MESSAGES.noPaymentsFound);
  });

  it('lists paid purchases with gameTitle, amount and createdAt', async () => {
    const user = await signup(app);
    const item = json(await app.inject({ method: 'GET', url: '/api/v1/search/item/121' })).data;
    await buyByCard(user, 121);
    const body = json(await readAs(app, user, `/api/v1/history/history/${user.user._id}`));
    assert.equal(body.data.length, 1);
    assert.equal(body.data[0].gameTitle, item.title);
    assert.equal(body.data[0].amount, item.price);
    assert.ok(!Number.isNaN(Date.parse(body.data[0].createdAt)));
    assert.ok(!body.message.includes('No payments found'));
  });

  it('needs the token (401) and refuses another user (403)', async () => {
    const alice = await signup(app);
    const bob = await signup(app);
    const url = `/api/v1/history/history/${alice.user._id}`;
    assert.equal((await app.inject({ method: 'GET', url })).statusCode, 401);
    const other = await app.inject({ method: 'GET', url, headers: bob.auth });
    assert.equal(other.statusCode, 403);
    assert.equal(json(other).success, false);
  });

  it('has data for the seeded demo account', async () => {
    const demo = await signInDemo();
    const body = json(await readAs(app, demo, `/api/v1/history/history/${demo.user._id}`));
    assert.ok(body.data.length >= 3);
  });
});

describe('GET /activity/{userId}', () => {
  it("answers the caller's own activity, and 403 for someone else's", async () => {
    const login = await signInDemo();
    const mine = await readAs(app, login, `/api/v1/activity/${login.user._id}`);
    assert.equal(mine.statusCode, 200);
    const body = json(mine);
    assert.equal(body.success, true);
    assert.ok(body.data.length > 0);
    for (const entry of body.data) {
      assert.ok(entry.buyer === 'Demo Pilot' || entry.seller === 'Demo Pilot');
    }
    const stranger = await signup(app);
    const other = await readAs(app, stranger, `/api/v1/activity/${login.user._id}`);
    assert.equal(other.statusCode, 403);
    const none = await app.inject({ method: 'GET', url: `/api/v1/activity/${login.user._id}` });
    assert.equal(none.statusCode, 401);
  });

  it('answers an empty list for a user without activity', async () => {
    const user = await signup(app);
    const body = json(await readAs(app, user, `/api/v1/activity/${user.user._id}`));
    assert.deepEqual(body.data, []);
    assert.equal(body.success, true);
  });
});
