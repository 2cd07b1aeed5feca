/**
 * `pnpm seed`: empties the catalogue and writes the browsing seed again (items, art, activity,
 * the demo account's purchases). Accounts stay. Uses the same configuration as the server.
 */
import { loadConfig } from '../config/env';
import { openDatabase } from '../db/client';
import { DEMO_USER, seedCatalogue } from '../db/seed/catalogue';
import { hashPassword } from '../lib/password';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const counts = await seedCatalogue(database, {
    reset: true,
    passwordHash: () => hashPassword(DEMO_USER.password),
  });
  console.log(
    `Reseeded (${database.driver}): ${counts.items} items, ${counts.activities} activity entries. Demo account: ${DEMO_USER.email} / ${DEMO_USER.password}`,
  );
} finally {
  await database.close();
}
