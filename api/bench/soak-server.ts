/**
 * The soak's API (bench only, started by bench/soak.ts with child_process.fork): the app as
 * src/server.ts builds it from the environment, except that the market's clock is
 * `Date.now() + offset`, and the parent moves `offset` with an IPC message. The same channel asks
 * for an audit of the database (src/db/audit.ts): the embedded database in memory lives in this
 * process only. Nothing here is reachable over HTTP.
 */
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { auditMarket, marketCounts } from '../src/db/audit';

export type SoakRequest =
  | { id: number; type: 'clock'; offsetMs: number }
  | { id: number; type: 'audit' }
  | { id: number; type: 'statements' }
  | { id: number; type: 'usage' }
  | { id: number; type: 'close' };

if (process.send === undefined) throw new Error('soak-server runs as a forked child of soak.ts');
const send = (message: unknown) => process.send?.(message);

let offset = 0;
/** The API process's CPU spent in audits (not the API's own work: the soak subtracts it). */
let auditCpuMicros = 0;
const config = loadConfig();

/**
 * `--statements` (SOAK_STATEMENTS=1, PostgreSQL server only): every statement sent through `pg`
 * is counted under the route of the request that sent it (its path with numbers and ids as `:id`),
 * so the soak can print how many statements each kind of request costs, and which.
 */
const countStatements = process.env.SOAK_STATEMENTS === '1';
const routeOf = new AsyncLocalStorage<string>();
const perRoute = new Map<string, { requests: number; statements: Map<string, number> }>();
if (countStatements) {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- applied to the client below
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const text = typeof first === 'string' ? first : (first.text ?? '');
    const tally = perRoute.get(routeOf.getStore() ?? '(outside a request: setup, audits)');
    if (tally !== undefined) {
      const key = text.replace(/\s+/g, ' ').trim().slice(0, 110);
      tally.statements.set(key, (tally.statements.get(key) ?? 0) + 1);
    }
    return Reflect.apply(query, this, args);
  } as typeof pg.Client.prototype.query;
  // The pool hands a connection to a waiting query from the request that released it: bind the
  // waiter's callback to its own request, so its statements are counted where they belong.
  // eslint-disable-next-line @typescript-eslint/unbound-method -- applied to the pool below
  const connect = pg.Pool.prototype.connect as (...args: unknown[]) => unknown;
  pg.Pool.prototype.connect = function (this: pg.Pool, ...args: unknown[]) {
    const [callback] = args;
    if (typeof callback === 'function') {
      args[0] = AsyncResource.bind(callback as (...a: unknown[]) => unknown);
    }
    return Reflect.apply(connect, this, args);
  } as typeof pg.Pool.prototype.connect;
  perRoute.set('(outside a request: setup, audits)', { requests: 0, statements: new Map() });
}

const app = await buildApp(config, { clock: () => Date.now() + offset });
if (countStatements) {
  // Each request is handled inside its route's context (run, not enterWith: nothing leaks into
  // the next request on the same connection).
  const emit = app.server.emit.bind(app.server);
  app.server.emit = ((event: string, ...rest: unknown[]) => {
    if (event !== 'request') return emit(event, ...rest);
    const request = rest[0] as { method?: string; url?: string };
    const path = (request.url ?? '').split('?')[0] ?? '';
    const route = `${request.method ?? ''} ${path.replace(/\/(\d+|[0-9a-f-]{20,}|0x[0-9a-f]+)(?=\/|$)/gi, '/:id')}`;
    let tally = perRoute.get(route);
    if (tally === undefined) perRoute.set(route, (tally = { requests: 0, statements: new Map() }));
    tally.requests += 1;
    return routeOf.run(route, () => emit(event, ...rest));
  }) as typeof app.server.emit;
}
await app.listen({ port: config.port, host: config.host });

process.on('message', (message: SoakRequest) => {
  void (async () => {
    try {
      switch (message.type) {
        case 'clock':
          offset = message.offsetMs;
          send({ id: message.id, ok: true });
          break;
        case 'audit': {
          const started = performance.now();
          const cpu = process.cpuUsage();
          const violations = await auditMarket(app.database);
          const counts = await marketCounts(app.database);
          const spent = process.cpuUsage(cpu);
          auditCpuMicros += spent.user + spent.system;
          send({ id: message.id, ok: true, violations, counts, ms: performance.now() - started });
          break;
        }
        case 'usage': {
          const { user, system } = process.cpuUsage();
          send({ id: message.id, ok: true, cpuMicros: user + system, auditCpuMicros });
          break;
        }
        case 'statements':
          send({
            id: message.id,
            ok: true,
            routes: [...perRoute].map(([route, tally]) => ({
              route,
              requests: tally.requests,
              statements: [...tally.statements].sort((a, b) => b[1] - a[1]),
            })),
          });
          break;
        case 'close':
          await app.close();
          send({ id: message.id, ok: true });
          process.exit(0);
      }
    } catch (error) {
      send({ id: message.id, ok: false, error: String((error as Error).stack ?? error) });
    }
  })();
});
process.on('disconnect', () => void app.close().then(() => process.exit(0)));
send({ type: 'ready' });
