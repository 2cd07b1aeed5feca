/**
 * The soak's API (bench only, started by bench/soak.ts with child_process.fork): the app as
 * src/server.ts builds it from the environment, except that the market's clock is
 * `Date.now() + offset`, and the parent moves `offset` with an IPC message. The same channel asks
 * for an audit of the database (src/db/audit.ts): the embedded database in memory lives in this
 * process only. Nothing here is reachable over HTTP.
 */
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { auditMarket, marketCounts } from '../src/db/audit';

export type SoakRequest =
  | { id: number; type: 'clock'; offsetMs: number }
  | { id: number; type: 'audit' }
  | { id: number; type: 'close' };

if (process.send === undefined) throw new Error('soak-server runs as a forked child of soak.ts');
const send = (message: unknown) => process.send?.(message);

let offset = 0;
const config = loadConfig();
const app = await buildApp(config, { clock: () => Date.now() + offset });
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
          const violations = await auditMarket(app.database);
          const counts = await marketCounts(app.database);
          send({ id: message.id, ok: true, violations, counts, ms: performance.now() - started });
          break;
        }
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
