/**
 * Permissions per team, as a caller sees them: staff roles (marketing may act on the marketing
 * remote, payments on checkout, admin on all), release tokens scoped to one remote (the secret
 * answered once, stored as a hash, listed without it, revoked then refused), every refusal's
 * status and words (401 without a sign-in, 403 for a non-staff user or another team's remote,
 * 400 for bad input), and the authorisation the host's release endpoint asks for a bearer.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { RELEASE_TOKEN_PREFIX, type STAFF_ROLES } from '@hypertek/shared/release-words';
import { STAFF_MESSAGES } from '../../src/lib/errors';
import { STAFF_ACCOUNTS } from '../../src/db/seed/staff';
import { DEMO_USER } from '../../src/db/seed/catalogue';
import { ACTION_MESSAGE } from '../../src/routes/release-tokens';
import { buildTestApp, json, signup } from '../helpers';

const app = await buildTestApp({ after }, { rateLimit: { releaseAuthMax: 10_000 } });
const limited = await buildTestApp({ after }, { rateLimit: { releaseAuthMax: 2 } });

type Headers = Record<string, string>;
const TOKENS = '/api/v1/releases/tokens';

/** A new account with this staff role (or none), signed in. */
async function member(role: (typeof STAFF_ROLES)[number] | null, target = app) {
  const user = await signup(target);
  await target.database.rows(
    sql`update users set full_name = ${`Pilot ${role ?? 'none'}`} where id = ${user.user._id}`,
  );
  if (role !== null) await target.releaseTokensRepository.grantStaffRole(user.user._id, role);
  return user;
}
const create = (auth: Headers, body: unknown) =>
  app.inject({ method: 'POST', url: TOKENS, headers: auth, payload: body as object });
const list = (auth: Headers) => app.inject({ method: 'GET', url: TOKENS, headers: auth });
const revoke = (auth: Headers, id: string) =>
  app.inject({ method: 'DELETE', url: `${TOKENS}/${id}`, headers: auth });
const authorize = (bearer: string | null, body: unknown, target = app) =>
  target.inject({
    method: 'POST',
    url: '/api/v1/releases/authorize',
    headers: bearer === null ? {} : { authorization: `Bearer ${bearer}` },
    payload: body as object,
  });

const marketing = await member('marketing');
const payments = await member('payments');
const admin = await member('admin');
const pilot = await member(null);

void describe('release tokens', () => {
  it('are made for a remote the role may act on; the secret is answered once and kept as a hash', async () => {
    const made = await create(marketing.auth, { name: 'funnel-ci', remote: 'marketing' });
    assert.equal(made.statusCode, 201, made.body);
    assert.equal(made.headers['cache-control'], 'no-store');
    const { data } = json(made);
    assert.match(data.secret, new RegExp(`^${RELEASE_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`));
    assert.equal(data.hint, data.secret.slice(0, RELEASE_TOKEN_PREFIX.length + 4));
    assert.deepEqual(
      [data.name, data.remote, data.createdBy, data.revokedAt],
      ['funnel-ci', 'marketing', 'Pilot marketing', null],
    );
    const [row] = await app.database.rows<{ token_hash: string }>(
      sql`select token_hash from release_tokens where id = ${data.id}`,
    );
    assert.equal(row?.token_hash, createHash('sha256').update(data.secret).digest('hex'));

    // Listed without the secret, by the team and by an admin; another team does not see it.
    for (const who of [marketing, admin]) {
      const listed = json(await list(who.auth)).data as Record<string, unknown>[];
      const mine = listed.find((t) => t.id === data.id);
      assert.ok(mine, 'listed');
      assert.equal(mine.secret, undefined);
      assert.equal(JSON.stringify(listed).includes(data.secret.slice(8)), false);
    }
    // One live token of a remote per name: the history tells them apart.
    const twin = await create(admin.auth, { name: 'funnel-ci', remote: 'marketing' });
    assert.equal(twin.statusCode, 409);
    assert.equal(json(twin).message, STAFF_MESSAGES.nameTaken('marketing', 'funnel-ci'));
    const theirs = json(await list(payments.auth)).data as { id: string; remote: string }[];
    assert.equal(
      theirs.some((t) => t.id === data.id),
      false,
    );
    assert.ok(theirs.every((t) => t.remote === 'checkout'));
  });

  it('refuses another team’s remote with the reason, a non-staff user, and no sign-in', async () => {
    const wrongTeam = await create(marketing.auth, { name: 'pay-ci', remote: 'checkout' });
    assert.equal(wrongTeam.statusCode, 403);
    assert.equal(
      json(wrongTeam).message,
      'The marketing role may act on marketing only, not on checkout.',
    );
    const notStaff = await create(pilot.auth, { name: 'x', remote: 'marketing' });
    assert.equal(notStaff.statusCode, 403);
    assert.equal(json(notStaff).message, STAFF_MESSAGES.staffOnly);
    assert.equal((await list(pilot.auth)).statusCode, 403);
    assert.equal((await create({}, { name: 'x', remote: 'marketing' })).statusCode, 401);
    assert.equal((await list({})).statusCode, 401);
    assert.equal((await revoke({}, '00000000-0000-4000-8000-000000000000')).statusCode, 401);
    // An admin may make one for any remote.
    assert.equal(
      (await create(admin.auth, { name: 'account-ci', remote: 'account' })).statusCode,
      201,
    );
  });

  it('refuses bad input with a clear 400', async () => {
    const cases: [unknown, string][] = [
      [{ remote: 'marketing' }, 'name is required'],
      [{ name: '', remote: 'marketing' }, STAFF_MESSAGES.nameInvalid],
      [{ name: ' padded', remote: 'marketing' }, STAFF_MESSAGES.nameInvalid],
      [{ name: 'a'.repeat(61), remote: 'marketing' }, STAFF_MESSAGES.nameInvalid],
      // Control characters are refused before any route reads the body.
      [
        { name: 'line\nbreak', remote: 'marketing' },
        'name contains characters that are not allowed',
      ],
      [{ name: 42, remote: 'marketing' }, STAFF_MESSAGES.nameInvalid],
      [{ name: 'ci' }, 'remote is required'],
      [
        { name: 'ci', remote: 'host' },
        'remote must be one of: marketing, marketplace, account, checkout',
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await create(marketing.auth, body);
      assert.equal(answer.statusCode, 400, `${JSON.stringify(body)}: ${answer.body}`);
      assert.equal(json(answer).message, message, JSON.stringify(body));
    }
    const extra = await create(marketing.auth, { name: 'ci', remote: 'marketing', role: 'admin' });
    assert.equal(extra.statusCode, 400);
    const malformed = await app.inject({
      method: 'POST',
      url: TOKENS,
      headers: { ...marketing.auth, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    assert.equal(malformed.statusCode, 400);
    const badId = await revoke(marketing.auth, 'not-a-uuid');
    assert.equal(badId.statusCode, 400);
    assert.equal(json(badId).message, STAFF_MESSAGES.idInvalid);
    const unknown = await revoke(marketing.auth, '00000000-0000-4000-8000-000000000000');
    assert.equal(unknown.statusCode, 404);
    assert.equal(json(unknown).message, STAFF_MESSAGES.tokenNotFound);
  });

  it('revoked, a token is refused; another team cannot revoke it', async () => {
    const { data } = json(await create(marketing.auth, { name: 'to-revoke', remote: 'marketing' }));
    const before = await authorize(data.secret, { action: 'promote', remote: 'marketing' });
    assert.equal(json(before).data.allowed, true);

    const other = await revoke(payments.auth, data.id);
    assert.equal(other.statusCode, 403);
    assert.equal(
      json(other).message,
      'The payments role may act on checkout only, not on marketing.',
    );
    assert.equal((await revoke(pilot.auth, data.id)).statusCode, 403);

    const revoked = await revoke(marketing.auth, data.id);
    assert.equal(revoked.statusCode, 200, revoked.body);
    assert.ok(json(revoked).data.revokedAt);
    const again = await revoke(marketing.auth, data.id);
    assert.equal(again.statusCode, 409);
    assert.equal(json(again).message, STAFF_MESSAGES.tokenRevokedAlready);

    const after = await authorize(data.secret, { action: 'promote', remote: 'marketing' });
    assert.equal(after.statusCode, 401);
    assert.equal(json(after).message, STAFF_MESSAGES.bearerUnknown);
    const listed = json(await list(marketing.auth)).data as { id: string; revokedAt: string }[];
    assert.ok(listed.find((t) => t.id === data.id)?.revokedAt, 'listed as revoked');
    // Its name is free again.
    assert.equal(
      (await create(marketing.auth, { name: 'to-revoke', remote: 'marketing' })).statusCode,
      201,
    );
  });
});

void describe('the release authorisation', () => {
  it('answers a scoped token’s name and allows its own remote only, with the reason', async () => {
    const { data } = json(await create(payments.auth, { name: 'checkout-ci', remote: 'checkout' }));
    const own = await authorize(data.secret, { action: 'promote', remote: 'checkout' });
    assert.equal(own.statusCode, 200, own.body);
    assert.deepEqual(json(own).data, { allowed: true, actor: 'checkout-ci (checkout token)' });
    const other = await authorize(data.secret, { action: 'promote', remote: 'marketing' });
    assert.deepEqual(json(other).data, {
      allowed: false,
      actor: 'checkout-ci (checkout token)',
      reason: 'The release token "checkout-ci" may act on checkout only, not on marketing.',
    });
    // Status reads every remote: any live token may.
    assert.equal(json(await authorize(data.secret, { action: 'status' })).data.allowed, true);
    const [used] = await app.database.rows<{ last_used_at: Date | null }>(
      sql`select last_used_at from release_tokens where id = ${data.id}`,
    );
    assert.ok(used?.last_used_at, 'its last use is noted');
  });

  it('answers a staff member by name and role, as the roles table says', async () => {
    const cases: [typeof marketing, string, boolean][] = [
      [marketing, 'marketing', true],
      [marketing, 'checkout', false],
      [payments, 'checkout', true],
      [payments, 'marketing', false],
      [admin, 'checkout', true],
      [admin, 'account', true],
    ];
    for (const [who, remote, allowed] of cases) {
      const answer = await authorize(who.token, { action: 'canary', remote });
      assert.equal(answer.statusCode, 200, answer.body);
      assert.equal(json(answer).data.allowed, allowed, `${who.email} on ${remote}`);
    }
    const refused = json(
      await authorize(payments.token, { action: 'promote', remote: 'marketing' }),
    );
    assert.deepEqual(refused.data, {
      allowed: false,
      actor: 'Pilot payments (payments)',
      reason: 'The payments role may act on checkout only, not on marketing.',
    });
    const notStaff = json(await authorize(pilot.token, { action: 'status' }));
    assert.deepEqual(notStaff.data, {
      allowed: false,
      actor: 'Pilot none',
      reason: STAFF_MESSAGES.staffOnlyRelease,
    });
  });

  it('refuses no bearer, an unknown one and bad input; it is rate-limited', async () => {
    const none = await authorize(null, { action: 'status' });
    assert.equal(none.statusCode, 401);
    assert.equal(json(none).message, STAFF_MESSAGES.bearerRequired);
    for (const bearer of [`${RELEASE_TOKEN_PREFIX}${'A'.repeat(43)}`, 'not-a-jwt', 'a.b.c']) {
      const unknown = await authorize(bearer, { action: 'status' });
      assert.equal(unknown.statusCode, 401, bearer);
      assert.equal(json(unknown).message, STAFF_MESSAGES.bearerUnknown);
    }
    const cases: [unknown, string][] = [
      [{}, 'action is required'],
      [{ action: 'publish', remote: 'checkout' }, ACTION_MESSAGE],
      [{ action: 'promote' }, STAFF_MESSAGES.remoteRequired],
      [
        { action: 'promote', remote: 'nowhere' },
        'remote must be one of: marketing, marketplace, account, checkout',
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await authorize(marketing.token, body);
      assert.equal(answer.statusCode, 400, answer.body);
      assert.equal(json(answer).message, message);
    }
    // The limit is per bearer: a flood of one wrong bearer from the host's address is refused,
    // while an honest bearer from the same address still gets its answer.
    const staff = await member('marketing', limited);
    const codes: number[] = [];
    for (let i = 0; i < 3; i++)
      codes.push((await authorize('x', { action: 'status' }, limited)).statusCode);
    const honest = await authorize(staff.token, { action: 'status' }, limited);
    codes.push(honest.statusCode);
    assert.deepEqual(codes, [401, 401, 429, 200], `answers: ${codes.join(', ')}`);
  });
});

void describe('the staff demo accounts', () => {
  it('are seeded with their roles and sign in with the demo password', async () => {
    for (const staff of STAFF_ACCOUNTS) {
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { Email: staff.email, Password: DEMO_USER.password },
      });
      assert.equal(login.statusCode, 200, login.body);
      const answer = await authorize(json(login).token, { action: 'status' });
      assert.deepEqual(json(answer).data, {
        allowed: true,
        actor: `${staff.fullName} (${staff.role})`,
      });
    }
  });
});
