/**
 * Notifications: the calls' repository, the unsubscribe tokens, and this instance's worker
 * (notifications/worker.ts), run every NOTIFICATIONS_POLL_MS once the app is ready, and at once
 * after a change to the market on this instance, and stopped (its round finished) when it closes. With a poll of 0 the instance runs none; tests run its
 * rounds themselves (`notificationWorker.runOnce()`).
 */
import fp from 'fastify-plugin';
import type { Config } from '../../config/env';
import { runEvery } from '../../lib/periodic';
import {
  createNotificationsRepository,
  type NotificationsRepository,
} from '../../notifications/repository';
import { unsubscribeTokens, type UnsubscribeTokens } from '../../notifications/unsubscribe';
import { notificationWorker, type NotificationWorker } from '../../notifications/worker';

/** Where a mail's one-click unsubscribe goes (the API's own origin). */
export const UNSUBSCRIBE_PATH = '/api/v1/notifications/unsubscribe';

declare module 'fastify' {
  interface FastifyInstance {
    notificationsRepository: NotificationsRepository;
    notificationWorker: NotificationWorker;
    unsubscribeTokens: UnsubscribeTokens;
  }
}

export default fp(
  async (fastify, opts: { config: Config }) => {
    const { config } = opts;
    const now = () => fastify.marketRepository.now();
    const tokens = unsubscribeTokens(config.jwt.secret);
    const worker = notificationWorker({
      database: fastify.database,
      mailer: fastify.mailer,
      tokens,
      now,
      siteUrl: config.siteUrl,
      unsubscribeUrl: (token) =>
        `${config.publicApiUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`,
      log: fastify.log,
    });
    fastify.decorate(
      'notificationsRepository',
      createNotificationsRepository(fastify.database, now),
    );
    fastify.decorate('notificationWorker', worker);
    fastify.decorate('unsubscribeTokens', tokens);

    // A slow SMTP server's round is not queued behind: the next tick goes. A change to the market
    // on this instance asks for a round at once: its notifications are written within
    // milliseconds of the change, not a poll later (the bell reads them when the live stream
    // tells it something happened).
    const rounds = runEvery(fastify, {
      everyMs: config.notifications.pollMs,
      what: 'notification worker',
      round: () => worker.runOnce(),
    });
    fastify.onMarketChanged(() => rounds.soon());
  },
  { name: 'notifications', dependencies: ['database', 'mailer', 'caches'] },
);
