/**
 * Opens the database (running migrations), seeds the browsing catalogue on first start, and
 * decorates the app with it and with every repository. Closes it when the app closes.
 */
import fp from 'fastify-plugin';
import type { Config } from '../../config/env';
import { openDatabase, type Database } from '../../db/client';
import { isCatalogueEmpty, seedCatalogue, DEMO_USER } from '../../db/seed/catalogue';
import { seedReleaseDemo } from '../../db/seed/release-demo';
import { seedStaff } from '../../db/seed/staff';
import { hashPassword } from '../../lib/password';
import { createMarketRepository, type MarketRepository } from '../../market';
import {
  createActivityRepository,
  type ActivityRepository,
} from '../../repositories/activity-repository';
import { createItemsRepository, type ItemsRepository } from '../../repositories/items-repository';
import {
  createOrdersRepository,
  type OrdersRepository,
} from '../../repositories/orders-repository';
import {
  createPasswordResetsRepository,
  type PasswordResetsRepository,
} from '../../repositories/password-resets-repository';
import {
  createReleaseReportsRepository,
  type ReleaseReportsRepository,
} from '../../repositories/release-reports-repository';
import {
  createReleaseTokensRepository,
  type ReleaseTokensRepository,
} from '../../repositories/release-tokens-repository';
import {
  createFieldDataRepository,
  type FieldDataRepository,
} from '../../repositories/field-data-repository';
import { createUsersRepository, type UsersRepository } from '../../repositories/users-repository';
import {
  createWalletNoncesRepository,
  type WalletNoncesRepository,
} from '../../repositories/wallet-nonces-repository';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    usersRepository: UsersRepository;
    itemsRepository: ItemsRepository;
    activityRepository: ActivityRepository;
    ordersRepository: OrdersRepository;
    passwordResetsRepository: PasswordResetsRepository;
    walletNoncesRepository: WalletNoncesRepository;
    marketRepository: MarketRepository;
    releaseReportsRepository: ReleaseReportsRepository;
    releaseTokensRepository: ReleaseTokensRepository;
    fieldDataRepository: FieldDataRepository;
  }
}

/**
 * Seeds an empty catalogue (items, the demo account, the market's story) and, unless `staff` is
 * false (production), the staff demo accounts and the releases' demo field data their console
 * shows; null when not empty.
 */
export async function seedIfEmpty(
  database: Database,
  { staff = true }: { staff?: boolean } = {},
): Promise<Awaited<ReturnType<typeof seedCatalogue>> | null> {
  if (!(await isCatalogueEmpty(database))) return null;
  const passwordHash = () => hashPassword(DEMO_USER.password);
  const counts = await seedCatalogue(database, { passwordHash });
  if (staff) {
    await seedStaff(database, passwordHash);
    await seedReleaseDemo(database);
  }
  return counts;
}

export default fp(
  async (fastify, opts: { config: Config; clock: () => number; snapshot?: Blob }) => {
    const { config } = opts;
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      snapshot: opts.snapshot,
      onConnectionError: (error) => fastify.log.warn({ err: error }, 'database connection lost'),
    });
    fastify.addHook('onClose', () => database.close());
    fastify.log.info(
      {
        driver: database.driver,
        dataDir:
          database.driver === 'pglite' && config.databaseUrl === null ? config.dataDir : undefined,
      },
      'database ready, migrations applied',
    );
    const counts = config.seedOnStart
      ? await seedIfEmpty(database, { staff: config.nodeEnv !== 'production' })
      : null;
    if (counts !== null) {
      fastify.log.info({ ...counts, demoUser: DEMO_USER.email }, 'empty catalogue: seeded');
    }
    fastify.decorate('database', database);
    fastify.decorate('usersRepository', createUsersRepository(database));
    fastify.decorate('itemsRepository', createItemsRepository(database));
    fastify.decorate('activityRepository', createActivityRepository(database));
    fastify.decorate('ordersRepository', createOrdersRepository(database));
    fastify.decorate(
      'passwordResetsRepository',
      createPasswordResetsRepository(database, opts.config.resetTokenTtlMinutes),
    );
    fastify.decorate('walletNoncesRepository', createWalletNoncesRepository(database));
    fastify.decorate('releaseReportsRepository', createReleaseReportsRepository(database));
    fastify.decorate('releaseTokensRepository', createReleaseTokensRepository(database));
    fastify.decorate('fieldDataRepository', createFieldDataRepository(database));
    const { market } = config;
    fastify.decorate(
      'marketRepository',
      createMarketRepository(database, {
        clock: opts.clock,
        checkoutHoldMs: market.checkoutHoldSeconds * 1000,
        reservationMs: market.reservationSeconds * 1000,
        commissionBps: market.commissionBps,
        maxOpenOffers: market.maxOpenOffers,
      }),
    );
  },
  { name: 'database' },
);
