/**
 * The one PostgreSQL schema, for both drivers (embedded PGlite and a PostgreSQL server), a file
 * per domain:
 * - users.ts: the accounts (and the house), password reset links, wallet sign-in nonces;
 * - items.ts: the items, their art and their listings (the two tables refer to each other);
 * - market.ts: offers, orders (checkouts) and the activity feed;
 * - market-events.ts: the market's outbox, one event per change, in commit order;
 * - notifications.ts: notifications, their worker's cursor, their mails, the users' preferences;
 * - watchlist.ts: the items each user watches, with their alert prices;
 * - ledger.ts: the double-entry ledger;
 * - payments.ts: recorded payments, payment attempts, handled webhook events;
 * - sandbox-provider.ts: the sandbox payment provider's own state;
 * - release-reports.ts, field-data.ts: what the host reports of the remotes' releases;
 * - release-tokens.ts: staff members' roles and the release tokens scoped to one remote;
 * - checks.ts: what several tables' CHECK constraints share.
 * Migrations in `api/drizzle/` are generated from this folder (this file is drizzle.config.ts's
 * `schema`) with `pnpm db:generate`; the first migration (custom) enables `pg_trgm`, which the
 * search index needs.
 */
import { fieldViews, funnelSteps } from './field-data';
import { itemArt, items, listings } from './items';
import { ledgerEntries, ledgerTransactions } from './ledger';
import { activities, offers, orders } from './market';
import { marketEvents } from './market-events';
import {
  notificationCursor,
  notificationMails,
  notificationPreferences,
  notifications,
  notificationSettings,
} from './notifications';
import { paymentAttempts, payments, webhookEvents } from './payments';
import { releaseReports } from './release-reports';
import { releaseTokens, staffMembers } from './release-tokens';
import {
  sandboxIdempotencyKeys,
  sandboxPaymentIntents,
  sandboxPaymentMethods,
} from './sandbox-provider';
import { passwordResets, users, walletNonces } from './users';
import { watchlist } from './watchlist';

export * from './field-data';
export * from './items';
export * from './ledger';
export * from './market';
export * from './market-events';
export * from './notifications';
export * from './payments';
export * from './release-reports';
export * from './release-tokens';
export * from './sandbox-provider';
export * from './users';
export * from './watchlist';

export const schema = {
  users,
  items,
  itemArt,
  activities,
  orders,
  listings,
  offers,
  marketEvents,
  notificationCursor,
  notifications,
  notificationMails,
  notificationPreferences,
  notificationSettings,
  watchlist,
  ledgerTransactions,
  ledgerEntries,
  payments,
  passwordResets,
  walletNonces,
  paymentAttempts,
  webhookEvents,
  sandboxPaymentMethods,
  sandboxPaymentIntents,
  sandboxIdempotencyKeys,
  releaseReports,
  releaseTokens,
  staffMembers,
  fieldViews,
  funnelSteps,
};
