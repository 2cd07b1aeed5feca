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
 *
 * This file runs it (setup, rounds, audits); the parts are in bench/soak/: options, random (the
 * PRNG streams), mix (the operations' weights), users, operations, http, api-process, figures.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatViolation, type MarketCounts, type Violation } from '../src/db/audit';
import type { OpenApiDocument } from '../test/support/openapi-conformance';
import { startSoakServer } from './soak/api-process';
import { Figures, printFigures, printStatements, type Usage } from './soak/figures';
import { createCall } from './soak/http';
import { soakOperations } from './soak/operations';
import { soakOptions } from './soak/options';
import { marketPicture, signUpUsers } from './soak/users';
import { freePort, freshDatabase, houseListings } from './support';

const { seed, userCount, seconds, maxOps, perRound, poolSize, rerunArgs, ...options } = soakOptions(
  process.argv,
);

async function main(): Promise<void> {
  const port = options.port > 0 ? options.port : await freePort();
  const base = `http://127.0.0.1:${port}/api/v1`;
  const database = await freshDatabase('hypertek_soak');
  const stop = [
    Number.isFinite(maxOps) ? `${maxOps} operations` : '',
    Number.isFinite(seconds) ? `${seconds} s` : '',
  ]
    .filter(Boolean)
    .join(' or ');
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
  const api = await startSoakServer({
    port,
    databaseUrl: database.url,
    dir,
    profile: options.profile,
    statements: options.statements,
  });
  const figures = new Figures();
  let exitCode = 0;
  try {
    const doc = (await (await fetch(`${base}/openapi.json`)).json()) as OpenApiDocument;
    const call = createCall(base, doc, figures);
    const picture = marketPicture(await houseListings(base), seed, poolSize);
    const users = await signUpUsers(call, seed, userCount);
    console.log(
      `setup: ${((Date.now() - started) / 1000).toFixed(1)} s (seed, ${userCount} sign-ups, ${picture.pool.length} of the house's items in play)`,
    );
    const { operate, clockOffset } = soakOperations({ call, picture, server: api, figures });

    // -------------------------------------------------------------------------------------------
    // Rounds.

    let ops = 0;
    let rounds = 0;
    let audits = 0;
    let auditMs = 0;
    let violations: Violation[] = [];
    let counts: MarketCounts | null = null;
    /** The API's CPU and the HTTP calls made, from here on (its cost per request, below). */
    const usage = async (): Promise<Usage> => {
      const answer = await api.ask({ type: 'usage' });
      const requests = figures.requests();
      return { ...(answer as { cpuMicros: number; auditCpuMicros: number }), requests };
    };
    const usageAtStart = await usage();
    const soakStart = performance.now();
    const elapsed = () => (performance.now() - soakStart) / 1000;
    const done = () => ops >= maxOps || elapsed() >= seconds;
    let lastReport = performance.now();
    const audit = async (): Promise<Violation[]> => {
      const answer = await api.ask({ type: 'audit' });
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
          `  ${ops} operations, ${elapsed().toFixed(0)} s, ${(ops / elapsed()).toFixed(0)} ops/s, round ${rounds}, 5xx ${figures.fiveXx}, off-contract ${figures.offContract}`,
        );
      }
    }
    const seconds_ = elapsed();
    const usageAtEnd = await usage();

    printFigures(figures, {
      ops,
      seconds: seconds_,
      userCount,
      rounds,
      seed,
      usageAtStart,
      usageAtEnd,
      counts,
      clockOffset: clockOffset(),
      audits,
      auditMs,
      violations,
      errorLogs: api.errorLogs,
    });
    if (options.statements) await printStatements(api.ask);
    if (violations.length > 0 || figures.fiveXx > 0 || figures.offContract > 0) exitCode = 1;
    console.log(`soak: ${exitCode === 0 ? 'ok' : 'FAILED'} (seed ${seed})`);
  } finally {
    await api.stop();
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  }
  process.exitCode = exitCode;
}

await main();
