/**
 * Opaque keyset cursors for paged lists: the position after the last row of a page, encoded so
 * callers treat it as a token. A cursor that does not decode is a 400, never a 500.
 */
import { badRequest } from './errors';

export const INVALID_CURSOR = 'The cursor is not valid';
const INVALID = INVALID_CURSOR;

/**
 * The times a cursor may hold: what PostgreSQL can store and compare, with room to spare.
 * JavaScript dates reach year 275760 and back to -271821, far beyond a timestamp column.
 */
const EARLIEST = Date.UTC(1900, 0, 1);
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

export const encodeCursor = (position: (string | number)[]): string =>
  Buffer.from(JSON.stringify(position)).toString('base64url');

function decode(cursor: string): unknown[] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value)) return value;
  } catch {
    // fall through
  }
  throw badRequest(INVALID);
}

/** An id cursor (catalogue pages). */
export function decodeIdCursor(cursor: string | undefined): number | null {
  if (cursor === undefined || cursor === '') return null;
  const [id] = decode(cursor);
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) throw badRequest(INVALID);
  return id;
}

/** A (time, id) cursor (activity feed, newest first). */
export function decodeTimeCursor(cursor: string | undefined): { at: Date; id: number } | null {
  if (cursor === undefined || cursor === '') return null;
  const [at, id] = decode(cursor);
  const date = typeof at === 'string' ? new Date(at) : null;
  if (
    date === null ||
    Number.isNaN(date.getTime()) ||
    date.getTime() < EARLIEST ||
    date.getTime() > LATEST ||
    typeof id !== 'number' ||
    !Number.isSafeInteger(id) ||
    id < 0
  ) {
    throw badRequest(INVALID);
  }
  return { at: date, id };
}

/**
 * Splits a fetched page of `limit + 1` rows into the page and its next cursor (null at the end).
 */
export function paginate<T>(rows: T[], limit: number, position: (last: T) => (string | number)[]) {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > limit && last !== undefined ? encodeCursor(position(last)) : null;
  return { page, nextCursor };
}
