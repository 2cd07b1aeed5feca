/**
 * `pnpm seed:large [count]`: replaces the catalogue with `count` items (default 1,000,000) for
 * benchmarks, showing progress. WARNING: it empties the catalogue of the configured database
 * (DATA_DIR or DATABASE_URL), orders and payments included.
 */
import { loadConfig } from '../config/env';
import { openDatabase } from '../db/client';
import { DEMO_USER } from '../db/seed/catalogue';
import { seedLargeCatalogue } from '../db/seed/large-catalogue';
import { hashPassword } from '../lib/password';

const total = Number(process.argv[2] ?? 1_000_000);
if (!Number.isInteger(total) || total < 1000 || total > 50_000_000) {
  console.error('Usage: pnpm seed:large [count between 1000 and 50000000]');
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
try {
  await seedLargeCatalogue(database, {
    total,
    passwordHash: () => hashPassword(DEMO_USER.password),
    onProgress: (step, done, all) => {
      const percent = Math.floor((done / all) * 100);
      process.stdout.write(
        `\r${step.padEnd(28)} ${String(percent).padStart(3)}%  ${done.toLocaleString('en')} / ${all.toLocaleString('en')}  ${seconds()} s   `,
      );
    },
  });
  process.stdout.write(
    `\nDone (${database.driver}): ${total.toLocaleString('en')} items in ${seconds()} s\n`,
  );
} finally {
  await database.close();
}
