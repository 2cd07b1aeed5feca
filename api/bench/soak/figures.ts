/**
 * The soak's figures: per kind of operation its count, times and statuses; the refusals; the
 * failures (5xx, answers outside the OpenAPI document); and the report printed at the end.
 */
import type { MarketCounts, Violation } from '../../src/db/audit';
import { percentile } from '../support';
import { DAY } from './mix';

interface KindStats {
  count: number;
  ms: number[];
  statuses: Map<number, number>;
}
export interface Failure {
  kind: string;
  reason: string;
  method: string;
  path: string;
  request: unknown;
  status: number;
  body: string;
}
/** The API's CPU (in microseconds, the audits' apart) and the HTTP calls made so far. */
export interface Usage {
  cpuMicros: number;
  auditCpuMicros: number;
  requests: number;
}

export class Figures {
  readonly stats = new Map<string, KindStats>();
  readonly statusTotals = new Map<number, number>();
  readonly failures: Failure[] = [];
  /** Refusals (4xx) per kind and message (prices and times blanked), the commonest printed. */
  readonly refusals = new Map<string, Map<string, number>>();
  fiveXx = 0;
  offContract = 0;

  record(kind: string, status: number, ms: number) {
    let entry = this.stats.get(kind);
    if (entry === undefined) {
      entry = { count: 0, ms: [], statuses: new Map() };
      this.stats.set(kind, entry);
    }
    entry.count += 1;
    entry.ms.push(ms);
    entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
    this.statusTotals.set(status, (this.statusTotals.get(status) ?? 0) + 1);
  }

  recordRefusal(kind: string, status: number, message: unknown) {
    const text = `${status} ${typeof message === 'string' ? message : '(no message)'}`
      .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '<time>')
      .replace(/\$[\d,.]+/g, '$…');
    const byMessage = this.refusals.get(kind) ?? new Map<string, number>();
    this.refusals.set(kind, byMessage);
    byMessage.set(text, (byMessage.get(text) ?? 0) + 1);
  }

  /** Keeps a failure to print (the first 200). */
  recordFailure(failure: Failure) {
    if (this.failures.length < 200) this.failures.push(failure);
  }

  /** The HTTP calls made (clock jumps, status 0, are not). */
  requests(): number {
    return [...this.statusTotals].reduce((sum, [s, n]) => (s === 0 ? sum : sum + n), 0);
  }
}

/** The report at the end of a soak. */
export function printFigures(
  figures: Figures,
  run: {
    ops: number;
    seconds: number;
    userCount: number;
    rounds: number;
    seed: number;
    usageAtStart: Usage;
    usageAtEnd: Usage;
    counts: MarketCounts | null;
    clockOffset: number;
    audits: number;
    auditMs: number;
    violations: Violation[];
    errorLogs: string[];
  },
): void {
  const { stats, statusTotals, refusals, failures, fiveXx, offContract } = figures;
  const { ops, seconds: seconds_, userCount, rounds, seed, usageAtStart, usageAtEnd } = run;
  const { clockOffset, audits, auditMs, violations, errorLogs } = run;
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
  const final = run.counts;
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
}

/** `--statements`: per route, statements per request and the commonest statements. */
export async function printStatements(
  ask: (message: Record<string, unknown>) => Promise<Record<string, unknown>>,
): Promise<void> {
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
