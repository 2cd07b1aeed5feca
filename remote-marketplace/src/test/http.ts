/** Answers as the marketplace API sends them (the stub itself: serveApi of @hypertek/shared/testing). */
import type { Reply } from '@hypertek/shared/testing';

/** A list answer as the API sends it. */
export const list = (data: unknown[], nextCursor: string | null = null): Reply => ({
  data: { success: true, message: 'ok', data, nextCursor },
});
