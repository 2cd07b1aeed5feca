import {
  api,
  errorMessage,
  isCancelled,
  type CatalogueItem,
  type ItemKind,
} from '@hypertek/shared';
import { useCallback, useEffect, useState } from 'react';

export type CollectionRead =
  | { status: 'loading' }
  | { status: 'ready'; items: CatalogueItem[] }
  | { status: 'error'; message: string };

/** Said when the API gives no reason of its own. */
export const COLLECTION_FAILED = 'Your collection could not be loaded right now.';

/**
 * The first `count` items of `kind` that `userId` has paid for (`GET /collection/{userId}`), newest
 * purchase first. Unlike the catalogue lists, a failure is shown, not hidden as an empty list:
 * "you own nothing" must never stand in for "we could not tell". `retry` asks again.
 */
export function useCollection(userId: string, kind: ItemKind, count: number) {
  const [attempt, setAttempt] = useState(0);
  const key = `${userId}|${kind}|${count}|${attempt}`;
  const [read, setRead] = useState<{ key: string; result: CollectionRead } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const settle = (result: CollectionRead) => {
      if (!controller.signal.aborted) setRead({ key, result });
    };
    void api.getCollection(userId, { kind, limit: count }, { signal: controller.signal }).then(
      (body) =>
        !body.success
          ? settle({ status: 'error', message: body.message || COLLECTION_FAILED })
          : settle({
              status: 'ready',
              items: (Array.isArray(body.data) ? body.data : []).slice(0, count),
            }),
      (error: unknown) => {
        if (!isCancelled(error))
          settle({ status: 'error', message: errorMessage(error, COLLECTION_FAILED) });
      },
    );
    return () => controller.abort();
  }, [key, userId, kind, count]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const result: CollectionRead = read?.key === key ? read.result : { status: 'loading' };
  return { ...result, retry };
}
