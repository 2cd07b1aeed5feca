import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { MESSAGES } from '@hypertek/shared/contract';
import { sql } from 'drizzle-orm';
import { API_MESSAGES } from '../../src/lib/errors';
import { buildTestApp, json, signup } from '../helpers';

const app = await buildTestApp({ after });
const purchase = (payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/v1/game/create', payload: payload as object, headers });

async function markPaid(userId: string, itemId: string) {
  await app.database.rows(sql`
    with paid as (
      update orders set status = 'paid', paid_at = now()
      where user_id = ${userId} and item_id = ${Number(itemId)}
      returning id, user_id, item_id, amount_cents
    )
    insert into payments (order_id, user_id, item_id, amount_cents, provider)
    select id, user_id, item_id, amount_cents, 'test' from paid`);
}

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

  it("answers exist 'no' until the order is paid, then 'yes'", async () => {
    const user = await signup(app);
    const first = await purchase({ userId: user.user._id, productId: '5' }, user.auth);
    assert.equal(first.statusCode, 200);
    assert.equal(json(first).exist, 'no');
    const again = await purchase({ userId: user.user._id, productId: '5' }, user.auth);
    assert.equal(json(again).exist, 'no', 'an abandoned checkout does not block a later purchase');
    await markPaid(user.user._id, '5');
    const paid = await purchase({ userId: user.user._id, productId: '5' }, user.auth);
    assert.equal(json(paid).exist, 'yes');
    assert.equal(json(paid).message, MESSAGES.alreadyPurchased);
    const otherItem = await purchase({ userId: user.user._id, productId: '6' }, user.auth);
    assert.equal(json(otherItem).exist, 'no');
  });

  it('records exactly one order for 50 concurrent identical purchases', async () => {
    const user = await signup(app);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        purchase({ userId: user.user._id, productId: '7' }, user.auth),
      ),
    );
    for (const response of responses) {
      assert.equal(response.statusCode, 200);
      assert.equal(json(response).exist, 'no');
    }
    const count = await app.ordersRepository.countFor(user.user._id, 7);
    assert.equal(count, 1);
  });

  it('refuses a second order for the same user and item at the database level', async () => {
    const user = await signup(app);
    await purchase({ userId: user.user._id, productId: '8' }, user.auth);
    await assert.rejects(
      app.database.rows(
        sql`insert into orders (user_id, item_id, amount_cents) values (${user.user._id}, 8, 100)`,
      ),
    );
  });
});

describe('GET /history/history/{userId}', () => {
  it("answers an empty list with 'No payments found' for a new user", async () => {
    const user = await signup(app);
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/history/history/${user.user._id}`,
      headers: user.auth,
    });
    assert.equal(response.statusCode, 200);
    const body = json(response);
    assert.equal(body.success, true);
    assert.deepEqual(body.data, []);
    assert.equal(body.message, MESSAGES.noPaymentsFound);
  });

  it('lists paid purchases with gameTitle, amount and createdAt', async () => {
    const user = await signup(app);
    await purchase({ userId: user.user._id, productId: '121' }, user.auth);
    await markPaid(user.user._id, '121');
    const item = json(await app.inject({ method: 'GET', url: '/api/v1/search/item/121' })).data;
    const body = json(
      await app.inject({
        method: 'GET',
        url: `/api/v1/history/history/${user.user._id}`,
        headers: user.auth,
      }),
    );
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
    const login = json(
      await app.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { Email: 'demo@hypertek.local', Password: 'HyperTek2117' },
      }),
    );
    const body = json(
      await app.inject({
        method: 'GET',
        url: `/api/v1/history/history/${login.user._id}`,
        headers: { authorization: `Bearer ${login.token}` },
      }),
    );
    assert.ok(body.data.length >= 3);
  });
});

describe('GET /activity/{userId}', () => {
  it("answers the caller's own activity, and 403 for someone else's", async () => {
    const login = json(
      await app.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { Email: 'demo@hypertek.local', Password: 'HyperTek2117' },
      }),
    );
    const auth = { authorization: `Bearer ${login.token}` };
    const mine = await app.inject({
      method: 'GET',
      url: `/api/v1/activity/${login.user._id}`,
      headers: auth,
    });
    assert.equal(mine.statusCode, 200);
    const body = json(mine);
    assert.equal(body.success, true);
    assert.ok(body.data.length > 0);
    for (const entry of body.data) {
      assert.ok(entry.buyer === 'Demo Pilot' || entry.seller === 'Demo Pilot');
    }
    const stranger = await signup(app);
    const other = await app.inject({
      method: 'GET',
      url: `/api/v1/activity/${login.user._id}`,
      headers: stranger.auth,
    });
    assert.equal(other.statusCode, 403);
    const none = await app.inject({ method: 'GET', url: `/api/v1/activity/${login.user._id}` });
    assert.equal(none.statusCode, 401);
  });

  it('answers an empty list for a user without activity', async () => {
    const user = await signup(app);
    const body = json(
      await app.inject({
        method: 'GET',
        url: `/api/v1/activity/${user.user._id}`,
        headers: user.auth,
      }),
    );
    assert.deepEqual(body.data, []);
    assert.equal(body.success, true);
  });
});
