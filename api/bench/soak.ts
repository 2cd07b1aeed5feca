/**
 * `pnpm bench:soak`: a randomized soak of the market (issue 26). `--users` simulated users
 * (default 20) do random market operations at once over loopback HTTP against the API in a child
 * process (bench/soak-server.ts: production mode, sandbox payments, a movable market clock) on a
 * fresh database: embedded PGlite in memory, or with DATABASE_URL naming a PostgreSQL server a
 * temporary database on it, dropped at the end.
 *
 * Every decision (which operation, which item, offer or listing, which price, expiry, card, clock
 * jump) is drawn from a PRNG seeded by `--seed` (printed at the start with the command that reruns
 * it): each user has its own stream, and every operation draws the same number of values whatever
 * happens, so a rerun makes the same decisions; with more than one user the interleaving (and so
 * which of two racing requests wins) is the machine's.
 *
 * The operations: list, reprice, cancel, bulk cancel, offer, replace an offer, accept, decline,
 * cancel an offer, buy a listing by card, pay an accepted offer by card, a declined card, an
 * abandoned checkout (the embedded payment's intent opened, never paid), reads that keep the
 * users' picture of the market current (an item's detail, offers received, own listings,
 * balance), and clock jumps (the market's clock moved past checkout holds, reservations, offer
 * and listing expiries; MARKET_CHECKOUT_HOLD_SECONDS=30 and MARKET_RESERVATION_SECONDS=60 keep
 * the small ones small).
 *
 * Work runs in rounds of `--round` operations per user; after each round (every user idle) the
 * invariant checker (src/db/audit.ts) reads the database. Every answer is checked against the
 * OpenAPI document the API serves. Stops after `--ops` operations (default 100,000) or
 * `--seconds`, whichever first; exit code 1 on any violation, 5xx or answer outside the document.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { API_ROOT } from '../src/config/env';
import { formatViolation, type MarketCounts, type Violation } from '../src/db/audit';
import { HOUSE_USER_ID } from '../src/db/schema';
import { conformanceChecker, type OpenApiDocument } from '../test/support/openapi-conformance';
import {
  freePort,
  freshDatabase,
  houseListings,
  percentile,
  productionApiEnvironment,
} from './support';

// pnpm may pass a lone `--` through to the script.
const argv = process.argv.slice(2).filter((arg, i) => !(i === 0 && arg === '--'));
const { values: args } = parseArgs({
  args: argv,
  options: {
    seed: { type: 'string' },
    users: { type: 'string', default: '20' },
    ops: { type: 'string' },
    seconds: { type: 'string' },
    round: { type: 'string', default: '10' },
    items: { type: 'string' },
    port: { type: 'string', default: '0' },
    /** A folder for a V8 CPU profile of the API's process (`.cpuprofile`, for DevTools). */
    profile: { type: 'string' },
    /** Count the SQL statements each kind of request sends (PostgreSQL server only). */
    statements: { type: 'boolean', default: false },
  },
});
const seed = args.seed === undefined ? randomInt(1, 2 ** 31) : Number(args.seed);
const userCount = Number(args.users);
const seconds = args.seconds === undefined ? Infinity : Number(args.seconds);
// Without a stop option, 100,000 operations; with only --seconds, that time.
const maxOps =
  args.ops !== undefined ? Number(args.ops) : args.seconds !== undefined ? Infinity : 100_000;
const perRound = Number(args.round);
const poolSize = args.items === undefined ? userCount * 3 : Number(args.items);
for (const [name, value] of Object.entries({ seed, userCount, perRound, poolSize })) {
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`--${name}: a positive integer`);
}

const HOLD_SECONDS = 30;
const RESERVATION_SECONDS = 60;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// ---------------------------------------------------------------------------------------------
// The PRNG: sfc32, seeded through splitmix32 with (seed, stream).

function prng(seedValue: number, stream: number): () => number {
  let s = (seedValue ^ Math.imul(stream + 1, 0x9e3779b9)) >>> 0;
  const split = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = split();
  let b = split();
  let c = split();
  let d = split();
  return () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4_294_967_296;
  };
}

const pick = <T>(list: readonly T[], r: number): T | undefined =>
  list.length === 0 ? undefined : list[Math.floor(r * list.length)];

/** A version 4 UUID made of PRNG draws (a listing id nobody has). */
const uuidOf = (r: number, r2: number): string => {
  const hex = (n: number, width: number) =>
    Math.floor(n * 16 ** width)
      .toString(16)
      .padStart(width, '0');
  return `${hex(r, 8)}-${hex(r2, 4)}-4${hex(r, 3)}-a${hex(r2, 3)}-${hex(r, 6)}${hex(r2, 6)}`;
};

// ---------------------------------------------------------------------------------------------
// What the users believe of the market (shared: they learn from every answer, and drift is fine:
// a stale belief makes a request the API refuses, which is part of the soak).

interface ItemState {
  id: string;
  owner: string;
  listing: { id: string; cents: number } | null;
  lastCents: number;
}
interface OfferState {
  id: string;
  itemId: string;
  buyer: string;
  cents: number;
  status: 'open' | 'accepted';
}
interface User {
  index: number;
  id: string;
  auth: string;
  card: string;
  declinedCard: string;
  rand: () => number;
}

/** The fields of the API's answers the soak reads (each answer is checked against the document). */
interface ApiOffer {
  _id: string;
  itemId: string;
  fromId: string;
  offer: number;
  status: string;
}
interface ApiDetail {
  ownerId: string;
  market?: { listing: { _id: string; price: number } | null };
}
interface Answer {
  id?: string;
  user?: { _id: string };
  token?: string;
  listing?: { _id: string };
  offer?: ApiOffer;
  results?: { _id: string; status: string }[];
  data?: unknown;
  message?: string;
}

/** The value, which the caller knows is there. */
function must<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) throw new Error('soak: a chosen value is missing');
  return value;
}

const items = new Map<string, ItemState>();
const offers = new Map<string, OfferState>();

const KINDS = [
  ['list', 12],
  ['reprice', 5],
  ['cancel', 3],
  ['bulk-cancel', 2],
  ['offer', 10],
  ['replace-offer', 3],
  ['accept', 9],
  ['decline', 3],
  ['cancel-offer', 3],
  ['buy', 14],
  ['pay-offer', 9],
  ['declined-card', 3],
  ['abandoned-checkout', 2],
  ['item-detail', 6],
  ['offers-received', 3],
  ['my-listings', 2],
  ['balance', 1],
  ['clock-jump', 1],
] as const;
type Kind = (typeof KINDS)[number][0];
const TOTAL_WEIGHT = KINDS.reduce((sum, [, w]) => sum + w, 0);
const kindOf = (r: number): Kind => {
  let x = r * TOTAL_WEIGHT;
  for (const [kind, weight] of KINDS) {
    if (x < weight) return kind;
    x -= weight;
  }
  return 'item-detail';
};

/** The clock jumps: past a checkout hold, a reservation, the short expiries, the long ones. */
const JUMPS: [label: string, ms: number, weight: number][] = [
  ['hold', (HOLD_SECONDS + 1) * 1000, 40],
  ['reservation', (RESERVATION_SECONDS + 1) * 1000, 30],
  ['6 hours', 6 * HOUR + 1000, 18],
  ['12 hours', 12 * HOUR + 1000, 9],
  ['6 months', 183 * DAY, 3],
];
const jumpOf = (r: number) => {
  let x = r * JUMPS.reduce((sum, [, , w]) => sum + w, 0);
  for (const jump of JUMPS) {
    if (x < jump[2]) return jump;
    x -= jump[2];
  }
  return must(JUMPS[0]);
};
const LISTING_EXPIRIES = ['6 Months', '6 Months', '6 Hours', '12 Hours', '12 Months'];
const OFFER_EXPIRIES = ['6 Hours', '6 Hours', '12 Hours', '6 Months'];

// ---------------------------------------------------------------------------------------------
// Figures.

interface KindStats {
  count: number;
  ms: number[];
  statuses: Map<number, number>;
}
const stats = new Map<string, KindStats>();
const statusTotals = new Map<number, number>();
interface Failure {
  kind: string;
  reason: string;
  method: string;
  path: string;
  request: unknown;
  status: number;
  body: string;
}
const failures: Failure[] = [];
/** Refusals (4xx) per kind and message (prices and times blanked), the commonest printed. */
const refusals = new Map<string, Map<string, number>>();
function recordRefusal(kind: string, status: number, message: unknown) {
  const text = `${status} ${typeof message === 'string' ? message : '(no message)'}`
    .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '<time>')
    .replace(/\$[\d,.]+/g, '$…');
  const byMessage = refusals.get(kind) ?? new Map<string, number>();
  refusals.set(kind, byMessage);
  byMessage.set(text, (byMessage.get(text) ?? 0) + 1);
}
let fiveXx = 0;
let offContract = 0;

function record(kind: string, status: number, ms: number) {
  let entry = stats.get(kind);
  if (entry === undefined) {
    entry = { count: 0, ms: [], statuses: new Map() };
    stats.set(kind, entry);
  }
  entry.count += 1;
  entry.ms.push(ms);
  entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
  statusTotals.set(status, (statusTotals.get(status) ?? 0) + 1);
}

// ---------------------------------------------------------------------------------------------
// The API in a child process.

let child: ChildProcess;
let nextMessageId = 1;
const waiting = new Map<number, (answer: Record<string, unknown>) => void>();
const errorLogs: string[] = [];

function ask(message: Record<string, unknown>): Promise<Record<string, unknown>> {
  const id = nextMessageId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, (answer) =>
      answer.ok === true ? resolve(answer) : reject(new Error(String(answer.error))),
    );
    child.send({ ...message, id });
  });
}

async function startSoakServer(port: number, databaseUrl: string, dir: string): Promise<void> {
  child = fork(join(API_ROOT, 'bench', 'soak-server.ts'), [], {
    cwd: API_ROOT,
    execArgv: [
      '--import',
      'tsx',
      ...(args.profile ? ['--cpu-prof', `--cpu-prof-dir=${args.profile}`] : []),
    ],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: {
      ...process.env,
      // As in production, with the sandbox provider and in-memory limits (bench/support.ts).
      ...productionApiEnvironment(port, databaseUrl),
      // The offer-accepted emails (one per accept) and uploads go to a folder removed at the end.
      OUTBOX_DIR: join(dir, 'outbox'),
      UPLOADS_DIR: join(dir, 'uploads'),
      MARKET_CHECKOUT_HOLD_SECONDS: String(HOLD_SECONDS),
      MARKET_RESERVATION_SECONDS: String(RESERVATION_SECONDS),
      ...(args.statements ? { SOAK_STATEMENTS: '1' } : {}),
    },
  });
  let output = '';
  let buffered = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      try {
        const parsed = JSON.parse(line) as { level?: number };
        if ((parsed.level ?? 0) >= 50 && errorLogs.length < 50) errorLogs.push(line);
      } catch {
        output += `${line}\n`;
      }
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the API did not start in 120 s:\n${output}`)),
      120_000,
    );
    child.on('message', (message: Record<string, unknown>) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolve();
        return;
      }
      const done = waiting.get(Number(message.id));
      waiting.delete(Number(message.id));
      done?.(message);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the API exited (${code}):\n${output}`));
      for (const done of waiting.values()) done({ ok: false, error: `the API exited (${code})` });
    });
  });
}

async function stopSoakServer(): Promise<void> {
  if (!child.connected) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await ask({ type: 'close' }).catch(() => {});
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

// ---------------------------------------------------------------------------------------------

/** `--statements`: per route, statements per request and the commonest statements. */
async function printStatements(): Promise<void> {
  const answer = await ask({ type: 'statements' });
  const routes = answer.routes as {
    route: string;
    requests: number;
    statements: [string, number][];
  }[];
  const total = (route: (typeof routes)[number]) =>
    route.statements.reduce((sum, [, n]) => sum + n, 0);
  console.log('statements per request (pg driver), by route:');
  for (const route of routes.sort((a, b) => total(b) - total(a))) {
    const per = (n: number) => (route.requests === 0 ? `${n}` : (n / route.requests).toFixed(2));
    console.log(
      `  ${route.route}: ${route.requests} requests, ${per(total(route))} statements each`,
    );
    for (const [text, n] of route.statements.slice(0, 12))
      console.log(`    ${per(n).padStart(6)}  ${text}`);
  }
}

async function main(): Promise<void> {
  const port = Number(args.port) > 0 ? Number(args.port) : await freePort();
  const base = `http://127.0.0.1:${port}/api/v1`;
  const database = await freshDatabase('hypertek_soak');
  const stop = [
    Number.isFinite(maxOps) ? `${maxOps} operations` : '',
    Number.isFinite(seconds) ? `${seconds} s` : '',
  ]
    .filter(Boolean)
    .join(' or ');
  const rerunArgs = [
    `--seed ${seed}`,
    `--users ${userCount}`,
    args.ops === undefined ? '' : `--ops ${maxOps}`,
    args.seconds === undefined ? '' : `--seconds ${seconds}`,
    args.round === '10' ? '' : `--round ${perRound}`,
    args.items === undefined ? '' : `--items ${poolSize}`,
  ]
    .filter(Boolean)
    .join(' ');
  const server = process.env.DATABASE_URL;
  const envPart =
    server === undefined || server === '' || server === 'memory://'
      ? ''
      : `DATABASE_URL=${server.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')} `;
  console.log(`# soak: seed ${seed}, ${userCount} users, until ${stop} (${database.label})`);
  console.log(`rerun: ${envPart}pnpm bench:soak --${rerunArgs === '' ? '' : ` ${rerunArgs}`}`);
  console.log(`  (from the repository root: ${envPart}npm run bench:soak -- ${rerunArgs})`);

  const started = Date.now();
  const dir = await mkdtemp(join(tmpdir(), 'hypertek-soak-'));
  await startSoakServer(port, database.url, dir);
  let exitCode = 0;
  try {
    const doc = (await (await fetch(`${base}/openapi.json`)).json()) as OpenApiDocument;
    // The soak calls documented operations only: an address reaching none is off-contract.
    const conforms = conformanceChecker(doc, { noOperation: 'undocumented' });
    let clockOffset = 0;

    /** One HTTP call, timed, checked against the document; 5xx and off-contract answers kept. */
    const call = async (
      kind: string,
      method: string,
      path: string,
      body: unknown,
      user?: User,
    ): Promise<{ status: number; json: Answer }> => {
      const t0 = performance.now();
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(user === undefined ? {} : { authorization: user.auth }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      const ms = performance.now() - t0;
      record(kind, response.status, ms);
      const fail = (reason: string) => {
        if (failures.length < 200) {
          failures.push({
            kind,
            reason,
            method,
            path,
            request: body,
            status: response.status,
            body: text.slice(0, 600),
          });
        }
      };
      if (response.status >= 500) {
        fiveXx += 1;
        fail('5xx');
      }
      const contract = conforms(method, `/api/v1${path}`, {
        status: response.status,
        contentType: response.headers.get('content-type'),
        body: text,
      });
      if (contract !== null) {
        offContract += 1;
        fail(`${contract.kind} (${contract.op ?? 'no operation'}): ${contract.detail}`);
      }
      let json: Answer = {};
      try {
        json = JSON.parse(text) as Answer;
      } catch {
        // Reported above when the document says JSON.
      }
      if (response.status >= 400 && response.status < 500) {
        recordRefusal(kind, response.status, json.message);
      }
      return { status: response.status, json };
    };

    // The item pool: house listings, drawn by the seed.
    const house = await houseListings(base);
    const setupRand = prng(seed, 0);
    const shuffled = [...house]
      .map((item) => ({ item, key: setupRand() }))
      .sort((a, b) => a.key - b.key)
      .map((entry) => entry.item);
    for (const item of shuffled.slice(0, poolSize)) {
      items.set(item.id, {
        id: item.id,
        owner: HOUSE_USER_ID,
        listing: { id: '', cents: item.cents },
        lastCents: item.cents,
      });
    }
    const pool = [...items.keys()];

    const paymentMethod = async (number: string): Promise<string> => {
      const { status, json } = await call('setup', 'POST', '/payment/sandbox/payment-methods', {
        number,
        exp_month: 12,
        exp_year: new Date().getFullYear() + 3,
        cvc: '123',
      });
      if (status !== 200) throw new Error(`payment method refused: ${JSON.stringify(json)}`);
      return must(json.id);
    };
    const users: User[] = [];
    for (let index = 0; index < userCount; index++) {
      const password = 'Soak-2117!';
      const { status, json } = await call('setup', 'POST', '/user/signup', {
        Email: `soak-${seed}-${index}-${randomBytes(3).toString('hex')}@example.com`,
        Password: password,
        ConfirmPassword: password,
      });
      if (status !== 201) throw new Error(`sign-up refused: ${JSON.stringify(json)}`);
      users.push({
        index,
        id: must(json.user)._id,
        auth: `Bearer ${must(json.token)}`,
        card: await paymentMethod('4242 4242 4242 4242'),
        declinedCard: await paymentMethod('4000 0000 0000 0002'),
        rand: prng(seed, index + 1),
      });
    }
    console.log(
      `setup: ${((Date.now() - started) / 1000).toFixed(1)} s (seed, ${userCount} sign-ups, ${pool.length} of the house's items in play)`,
    );

    // -------------------------------------------------------------------------------------------
    // The operations.

    const dollars = (cents: number) => cents / 100;
    const priceNear = (cents: number, r: number) => Math.max(1, Math.round(cents * (0.5 + r)));

    const learnDetail = (itemId: string, value: unknown) => {
      const data = value as ApiDetail | null | undefined;
      const item = items.get(itemId);
      if (item === undefined || data === null || data === undefined) return;
      item.owner = data.ownerId;
      const listing = data.market?.listing;
      item.listing =
        listing === null || listing === undefined
          ? null
          : { id: listing._id, cents: Math.round(listing.price * 100) };
      if (item.listing !== null) item.lastCents = item.listing.cents;
    };
    const learnOffer = (offer: ApiOffer | undefined) => {
      if (offer === undefined) return;
      const status = offer.status;
      if (status === 'Open' || status === 'Accepted') {
        offers.set(offer._id, {
          id: offer._id,
          itemId: offer.itemId,
          buyer: offer.fromId,
          cents: Math.round(offer.offer * 100),
          status: status === 'Open' ? 'open' : 'accepted',
        });
      } else {
        offers.delete(offer._id);
      }
    };
    const bought = (user: User, itemId: string) => {
      const item = items.get(itemId);
      if (item !== undefined) {
        item.owner = user.id;
        item.listing = null;
      }
      for (const offer of [...offers.values()]) {
        if (offer.itemId === itemId && (offer.buyer === user.id || offer.status === 'accepted')) {
          offers.delete(offer.id);
        }
      }
    };

    const buyByCard = async (
      kind: Kind,
      user: User,
      item: ItemState,
      cents: number,
      card: string,
    ) => {
      const { status } = await call(
        kind,
        'POST',
        '/card/pay-with-card',
        {
          userId: user.id,
          productId: item.id,
          paymentDetails: { amount: cents, payment_method_id: card, currency: 'usd' },
          provider: 'card',
        },
        user,
      );
      if (status === 200) bought(user, item.id);
      else if (status !== 402) await refresh(user, item.id);
    };
    /** After a refusal, what the item looks like now (a read, not counted as an operation). */
    const refresh = async (user: User, itemId: string) => {
      const { status, json } = await call(
        'refresh',
        'GET',
        `/search/item/${itemId}`,
        undefined,
        user,
      );
      if (status === 200) learnDetail(itemId, json.data);
    };

    async function operate(user: User): Promise<string> {
      // Every operation draws six values, whatever it turns out to be.
      const r = [
        user.rand(),
        user.rand(),
        user.rand(),
        user.rand(),
        user.rand(),
        user.rand(),
      ] as const;
      let kind = kindOf(r[0]);
      const mine = [...items.values()].filter((i) => i.owner === user.id);
      const myListed = mine.filter((i) => i.listing !== null);
      const listedByOthers = [...items.values()].filter(
        (i) => i.listing !== null && i.owner !== user.id,
      );
      const myOffers = [...offers.values()].filter((o) => o.buyer === user.id);
      const offersToMe = [...offers.values()].filter(
        (o) => o.status === 'open' && items.get(o.itemId)?.owner === user.id,
      );
      // An operation with nothing to act on becomes a buy (or a read): every op does something.
      const fallbacks: Partial<Record<Kind, boolean>> = {
        list: mine.filter((i) => i.listing === null).length === 0,
        reprice: myListed.length === 0,
        cancel: myListed.length === 0,
        'bulk-cancel': myListed.length === 0,
        'replace-offer': myOffers.filter((o) => o.status === 'open').length === 0,
        accept: offersToMe.length === 0,
        decline: offersToMe.length === 0,
        'cancel-offer': myOffers.length === 0,
        'pay-offer': myOffers.filter((o) => o.status === 'accepted').length === 0,
      };
      if (fallbacks[kind] === true) kind = listedByOthers.length > 0 ? 'buy' : 'item-detail';

      switch (kind) {
        case 'list': {
          const item = must(
            pick(
              mine.filter((i) => i.listing === null),
              r[1],
            ),
          );
          const cents = priceNear(item.lastCents, r[2]);
          const { status, json } = await call(
            kind,
            'POST',
            '/market/listings',
            { itemId: item.id, price: dollars(cents), expiresIn: pick(LISTING_EXPIRIES, r[3]) },
            user,
          );
          if (status === 201) {
            item.listing = { id: must(json.listing)._id, cents };
            item.lastCents = cents;
          } else await refresh(user, item.id);
          break;
        }
        case 'reprice': {
          const item = must(pick(myListed, r[1]));
          const cents = priceNear(item.lastCents, r[2]);
          const { status } = await call(
            kind,
            'PATCH',
            `/market/listings/${must(item.listing).id}`,
            { price: dollars(cents) },
            user,
          );
          if (status === 200 && item.listing !== null) {
            item.listing.cents = cents;
            item.lastCents = cents;
          } else if (status !== 200) await refresh(user, item.id);
          break;
        }
        case 'cancel':
        case 'bulk-cancel': {
          const chosen =
            kind === 'cancel'
              ? [must(pick(myListed, r[1]))]
              : myListed
                  .filter((_, i) => (i * 7919 + Math.floor(r[1] * 1000)) % 3 !== 0)
                  .slice(0, 5);
          if (chosen.length === 0) chosen.push(must(myListed[0]));
          const ids = chosen.map((i) => must(i.listing).id);
          // A bulk cancel also names a listing that does not exist ('not-found' for it).
          if (kind === 'bulk-cancel') ids.push(uuidOf(r[2], r[3]));
          const { status, json } = await call(
            kind,
            'POST',
            '/market/listings/cancel',
            { ids },
            user,
          );
          if (status === 200) {
            for (const result of json.results ?? []) {
              const item = chosen.find((i) => i.listing?.id === result._id);
              if (item !== undefined && result.status !== 'busy') item.listing = null;
              if (item !== undefined && result.status === 'sold') await refresh(user, item.id);
            }
          }
          break;
        }
        case 'offer':
        case 'replace-offer': {
          const candidates =
            kind === 'offer'
              ? [...items.values()].filter((i) => i.owner !== user.id && i.owner !== HOUSE_USER_ID)
              : myOffers.filter((o) => o.status === 'open').map((o) => must(items.get(o.itemId)));
          const item = pick(candidates, r[1]) ?? must(items.get(must(pick(pool, r[1]))));
          const cents = priceNear(item.lastCents, r[2] * 0.6);
          const { status, json } = await call(
            kind,
            'POST',
            '/market/offers',
            { itemId: item.id, price: dollars(cents), expiresIn: pick(OFFER_EXPIRIES, r[3]) },
            user,
          );
          if (status === 201) {
            for (const o of myOffers) if (o.itemId === item.id) offers.delete(o.id);
            learnOffer(json.offer);
          } else if (status === 409 || status === 404) await refresh(user, item.id);
          break;
        }
        case 'accept':
        case 'decline': {
          const offer = must(pick(offersToMe, r[1]));
          const { status, json } = await call(
            kind,
            'POST',
            `/market/offers/${offer.id}/${kind}`,
            {},
            user,
          );
          if (status === 200) learnOffer(json.offer);
          else if (status === 404 || status === 403) offers.delete(offer.id);
          break;
        }
        case 'cancel-offer': {
          const offer = must(pick(myOffers, r[1]));
          const { status, json } = await call(
            kind,
            'POST',
            `/market/offers/${offer.id}/cancel`,
            {},
            user,
          );
          if (status === 200) learnOffer(json.offer);
          else offers.delete(offer.id);
          break;
        }
        case 'buy':
        case 'declined-card': {
          const item = pick(listedByOthers, r[1]);
          if (item === undefined || item.listing === null) {
            await call('item-detail', 'GET', `/search/item/${pick(pool, r[2])}`, undefined, user);
            break;
          }
          await buyByCard(
            kind,
            user,
            item,
            item.listing.cents,
            kind === 'buy' ? user.card : user.declinedCard,
          );
          break;
        }
        case 'pay-offer': {
          const offer = must(
            pick(
              myOffers.filter((o) => o.status === 'accepted'),
              r[1],
            ),
          );
          const item = must(items.get(offer.itemId));
          await buyByCard(kind, user, item, offer.cents, user.card);
          if (items.get(offer.itemId)?.owner !== user.id) offers.delete(offer.id);
          break;
        }
        case 'abandoned-checkout': {
          const item = pick(listedByOthers, r[1]);
          if (item === undefined || item.listing === null) break;
          const { status } = await call(
            kind,
            'POST',
            '/payment/create-payment-intent',
            {
              amount: item.listing.cents,
              userId: user.id,
              productId: item.id,
              currency: 'usd',
            },
            user,
          );
          if (status !== 200) await refresh(user, item.id);
          break;
        }
        case 'item-detail': {
          const itemId = must(pick(pool, r[1]));
          const { status, json } = await call(
            kind,
            'GET',
            `/search/item/${itemId}`,
            undefined,
            user,
          );
          if (status === 200) learnDetail(itemId, json.data);
          break;
        }
        case 'offers-received': {
          const { status, json } = await call(
            kind,
            'GET',
            `/market/offers/received/${user.id}`,
            undefined,
            user,
          );
          if (status === 200) {
            const seen = new Set<string>();
            for (const offer of json.data as ApiOffer[]) {
              seen.add(offer._id);
              if (items.has(offer.itemId)) learnOffer(offer);
            }
            for (const offer of offersToMe) if (!seen.has(offer.id)) offers.delete(offer.id);
          }
          break;
        }
        case 'my-listings': {
          const { status, json } = await call(
            kind,
            'GET',
            `/market/listings/user/${user.id}?status=active`,
            undefined,
            user,
          );
          if (status === 200) {
            const active = new Map(
              (json.data as { _id: string; itemId: string; price: number }[]).map((l) => [
                l.itemId,
                l,
              ]),
            );
            for (const item of mine) {
              const listing = active.get(item.id);
              item.listing =
                listing === undefined
                  ? null
                  : { id: listing._id, cents: Math.round(listing.price * 100) };
            }
          }
          break;
        }
        case 'balance':
          await call(kind, 'GET', `/market/balance/${user.id}`, undefined, user);
          break;
        case 'clock-jump': {
          const [, ms] = jumpOf(r[1]);
          clockOffset += ms;
          const t0 = performance.now();
          await ask({ type: 'clock', offsetMs: clockOffset });
          record(kind, 0, performance.now() - t0);
          break;
        }
      }
      return kind;
    }

    // -------------------------------------------------------------------------------------------
    // Rounds.

    let ops = 0;
    let rounds = 0;
    let audits = 0;
    let auditMs = 0;
    let violations: Violation[] = [];
    let counts: MarketCounts | null = null;
    /** The API's CPU and the HTTP calls made, from here on (its cost per request, below). */
    const usage = async () => {
      const answer = await ask({ type: 'usage' });
      const requests = [...statusTotals].reduce((sum, [s, n]) => (s === 0 ? sum : sum + n), 0);
      return { ...(answer as { cpuMicros: number; auditCpuMicros: number }), requests };
    };
    const usageAtStart = await usage();
    const soakStart = performance.now();
    const elapsed = () => (performance.now() - soakStart) / 1000;
    const done = () => ops >= maxOps || elapsed() >= seconds;
    let lastReport = performance.now();
    const audit = async (): Promise<Violation[]> => {
      const answer = await ask({ type: 'audit' });
      audits += 1;
      auditMs += Number(answer.ms);
      counts = answer.counts as MarketCounts;
      return answer.violations as Violation[];
    };

    while (!done() && violations.length === 0) {
      rounds += 1;
      await Promise.all(
        users.map(async (user) => {
          for (let i = 0; i < perRound && !done(); i++) {
            ops += 1;
            await operate(user);
          }
        }),
      );
      violations = await audit();
      if (violations.length > 0) {
        console.log(`violations after round ${rounds} (operation ${ops}, seed ${seed}):`);
        for (const violation of violations) console.log(formatViolation(violation));
      }
      if (performance.now() - lastReport > 10_000) {
        lastReport = performance.now();
        console.log(
          `  ${ops} operations, ${elapsed().toFixed(0)} s, ${(ops / elapsed()).toFixed(0)} ops/s, round ${rounds}, 5xx ${fiveXx}, off-contract ${offContract}`,
        );
      }
    }
    const seconds_ = elapsed();
    const usageAtEnd = await usage();

    // -------------------------------------------------------------------------------------------
    // The figures.

    const ms = (n: number) => n.toFixed(1).padStart(7);
    console.log(
      `\n${ops} operations in ${seconds_.toFixed(1)} s: ${(ops / seconds_).toFixed(0)} operations/s (${userCount} users, ${rounds} rounds, seed ${seed})`,
    );
    console.log(
      `${'kind'.padEnd(19)} ${'count'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)}  statuses`,
    );
    let slowest = { kind: '', p99: 0 };
    for (const [kind, entry] of [...stats.entries()].sort((a, b) => b[1].count - a[1].count)) {
      const sorted = [...entry.ms].sort((a, b) => a - b);
      const p99 = percentile(sorted, 99);
      if (kind !== 'setup' && kind !== 'clock-jump' && p99 > slowest.p99) slowest = { kind, p99 };
      const statuses = [...entry.statuses.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => (kind === 'clock-jump' ? `${n} (IPC)` : `${s}×${n}`))
        .join(' ');
      console.log(
        `${kind.padEnd(19)} ${String(entry.count).padStart(7)} ${ms(percentile(sorted, 50))} ${ms(p99)} ${ms(sorted.at(-1) ?? NaN)}  ${statuses}`,
      );
    }
    console.log(
      `statuses: ${[...statusTotals.entries()]
        .filter(([s]) => s !== 0)
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}`,
    );
    console.log('refusals, the commonest per kind:');
    for (const [kind, byMessage] of refusals) {
      const top = [...byMessage.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3);
      console.log(`  ${kind}: ${top.map(([text, n]) => `${n}× ${text}`).join(' | ')}`);
    }
    console.log(`slowest p99: ${slowest.kind} ${slowest.p99.toFixed(1)} ms`);
    {
      // The API's own cost, whatever else the machine runs: CPU per HTTP request, audits excluded.
      const requests = usageAtEnd.requests - usageAtStart.requests;
      const cpuMs =
        (usageAtEnd.cpuMicros -
          usageAtStart.cpuMicros -
          (usageAtEnd.auditCpuMicros - usageAtStart.auditCpuMicros)) /
        1000;
      console.log(
        `API CPU: ${(cpuMs / 1000).toFixed(1)} s for ${requests} requests (${(cpuMs / Math.max(1, requests)).toFixed(2)} ms each; ${((cpuMs / 1000 / seconds_) * 100).toFixed(0)}% of one core), audits excluded`,
      );
    }
    const final = counts as MarketCounts | null;
    if (final !== null) {
      console.log(
        `books: ${final.paidOrders} paid orders, ${final.payments} payments, ${final.saleTransactions} sale transactions, ${final.providerCharges} provider charges (${final.succeededIntents} succeeded intents) + ${final.seededPayments} seeded payments; now ${final.activeListings} active listings, ${final.acceptedOffers} accepted offers, ${final.pendingOrders} pending orders; clock +${(clockOffset / DAY).toFixed(1)} days`,
      );
    }
    console.log(
      `audits: ${audits} (mean ${(auditMs / Math.max(1, audits)).toFixed(0)} ms), violations: ${violations.length}; 5xx: ${fiveXx}; answers outside the OpenAPI document: ${offContract}`,
    );
    for (const failure of failures.slice(0, 20)) {
      console.log(
        `  ${failure.reason} — ${failure.kind}: ${failure.method} ${failure.path} ${JSON.stringify(failure.request)} → ${failure.status} ${failure.body}`,
      );
    }
    if (errorLogs.length > 0) {
      console.log(`error logs of the API (first ${Math.min(5, errorLogs.length)}):`);
      for (const line of errorLogs.slice(0, 5)) console.log(`  ${line.slice(0, 1500)}`);
    }
    if (args.statements) await printStatements();
    if (violations.length > 0 || fiveXx > 0 || offContract > 0) exitCode = 1;
    console.log(`soak: ${exitCode === 0 ? 'ok' : 'FAILED'} (seed ${seed})`);
  } finally {
    await stopSoakServer();
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  }
  process.exitCode = exitCode;
}

await main();
