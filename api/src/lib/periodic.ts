/**
 * A round of background work every `everyMs` on this instance, from the app's ready until it
 * closes: a round still running is not queued behind (the next tick goes), a failed round is
 * logged and the next one runs, and closing waits for the round under way. With 0, none runs.
 * `soon()` asks for a round now (after the one under way, if any: once, however often asked),
 * for work a change on this instance has just made due; the ticks stay the backstop.
 */
import type { FastifyInstance } from 'fastify';

export interface Periodic {
  /** A round as soon as possible (none with `everyMs` 0, or before ready, or once closing). */
  soon: () => void;
}

export function runEvery(
  fastify: FastifyInstance,
  { everyMs, what, round }: { everyMs: number; what: string; round: () => Promise<unknown> },
): Periodic {
  if (everyMs === 0) return { soon: () => {} };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let live = false;
  let again = false;
  const start = () => {
    running ??= round()
      .then(() => undefined)
      .catch((error: unknown) => fastify.log.error({ err: error }, `${what} round failed`))
      .finally(() => {
        running = null;
        if (again && live) {
          again = false;
          start();
        }
      });
  };
  fastify.addHook('onReady', () => {
    live = true;
    timer = setInterval(start, everyMs);
    timer.unref();
  });
  fastify.addHook('onClose', async () => {
    live = false;
    clearInterval(timer);
    await running;
  });
  return {
    soon() {
      if (!live) return;
      if (running) again = true;
      else start();
    },
  };
}
