/**
 * A round of background work every `everyMs` on this instance, from the app's ready until it
 * closes: a round still running is not queued behind (the next tick goes), a failed round is
 * logged and the next one runs, and closing waits for the round under way. With 0, none runs.
 */
import type { FastifyInstance } from 'fastify';

export function runEvery(
  fastify: FastifyInstance,
  { everyMs, what, round }: { everyMs: number; what: string; round: () => Promise<unknown> },
): void {
  if (everyMs === 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  fastify.addHook('onReady', () => {
    timer = setInterval(() => {
      running ??= round()
        .then(() => undefined)
        .catch((error: unknown) => fastify.log.error({ err: error }, `${what} round failed`))
        .finally(() => {
          running = null;
        });
    }, everyMs);
    timer.unref();
  });
  fastify.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
