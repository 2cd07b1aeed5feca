/**
 * `pnpm seed`: empties the catalogue and writes the browsing seed again (items, art, activity,
 * the demo account's purchases). Accounts stay; the staff demo accounts are made if missing (not
 * in production). Uses the same configuration as the server.
 */
import { loadConfig } from '../config/env';
import { openDatabase } from '../db/client';
import { DEMO_USER, seedCatalogue } from '../db/seed/catalogue';
import { seedStaff, STAFF_ACCOUNTS } from '../db/seed/staff';
import { hashPassword } from '../lib/password';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const passwordHash = () => hashPassword(DEMO_USER.password);
  const counts = await seedCatalogue(database, { reset: true, passwordHash });
  const staff = config.nodeEnv === 'production' ? [] : STAFF_ACCOUNTS;
  if (staff.length > 0) await seedStaff(database, passwordHash);
  console.log(
    `Reseeded (${database.driver}): ${counts.items} items, ${counts.activities} activity entries. Demo account: ${DEMO_USER.email} / ${DEMO_USER.password}${staff.map((s) => `; ${s.role} staff: ${s.email}`).join('')}`,
  );
} finally {
  await database.close();
}
