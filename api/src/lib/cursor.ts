/**
 * Opaque keyset cursors for paged lists: the position after the last row of a page, encoded so
 * callers treat it as a token. A cursor that does not decode is a 400, never a 500.
 */
import { validateTextCharacters } from '@hypertek/shared/contract';
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

/** Where a catalogue page ends: the last item's id and, for a sort, its key in that order. */
export interface CataloguePosition {
  id: number;
  key?: number | string;
}

/** The cursor of a sort that does not match the list's sort (another sort's, or none). */
export const CURSOR_OTHER_SORT =
  'The cursor belongs to another sort order: ask for the first page of this order again';

/** The largest price in cents a column holds (PostgreSQL integer). */
const MAX_CENTS = 2_147_483_647;
/** Longer than any title key a cursor can carry; the title column is not longer in practice. */
const MAX_TITLE_KEY = 500;
/** The form `Date.prototype.toISOString` writes (what the newest sort's cursors carry). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * The next page's cursor of a catalogue list: `[id]` in catalogue order (as before sorts
 * existed), `[sort, key, id]` in a sort's order.
 */
export const encodeCatalogueCursor = (sort: string | null, position: CataloguePosition): string =>
  encodeCursor(
    sort === null || position.key === undefined ? [position.id] : [sort, position.key, position.id],
  );

/**
 * A catalogue cursor for `sort` (null: catalogue order): a 400 when it does not decode, holds a
 * key that is not of the sort's type, or was made for another sort.
 */
export function decodeCatalogueCursor(
  cursor: string | undefined,
  sort: string | null,
): CataloguePosition | null {
  if (cursor === undefined || cursor === '') return null;
  const parts = decode(cursor);
  if (sort === null) {
    if (parts.length !== 1)
      throw badRequest(typeof parts[0] === 'string' ? CURSOR_OTHER_SORT : INVALID);
    return { id: decodeIdCursor(cursor) ?? 0 };
  }
  const [tag, key, id] = parts;
  if (parts.length === 1 && typeof tag === 'number') throw badRequest(CURSOR_OTHER_SORT);
  if (parts.length !== 3 || typeof tag !== 'string') throw badRequest(INVALID);
  if (tag !== sort) throw badRequest(CURSOR_OTHER_SORT);
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) throw badRequest(INVALID);
  switch (sort) {
    case 'price_asc':
    case 'price_desc':
      if (typeof key !== 'number' || !Number.isSafeInteger(key) || key < 0 || key > MAX_CENTS) {
        throw badRequest(INVALID);
      }
      return { id, key };
    case 'newest': {
      if (typeof key !== 'string' || !ISO_DATE.test(key)) throw badRequest(INVALID);
      const at = Date.parse(key);
      if (Number.isNaN(at) || at < EARLIEST || at > LATEST) throw badRequest(INVALID);
      return { id, key: new Date(at).toISOString() };
    }
    case 'title':
      if (
        typeof key !== 'string' ||
        key.length > MAX_TITLE_KEY ||
        validateTextCharacters('cursor', key) !== null
      ) {
        throw badRequest(INVALID);
      }
      return { id, key };
    default:
      throw badRequest(INVALID);
  }
}

/** A (time, id) cursor (activity feed, newest first). */
export function decodeTimeCursor(cursor: string | undefined): { at: Date; id: number } | null {
  return decodeTimeKeyCursor(
    cursor,
    (id): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id >= 0,
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A (time, uuid) cursor: rows keyed by a uuid (a seller's listings). */
export function decodeTimeUuidCursor(cursor: string | undefined): { at: Date; id: string } | null {
  return decodeTimeKeyCursor(cursor, (id): id is string => typeof id === 'string' && UUID.test(id));
}

function decodeTimeKeyCursor<Id>(
  cursor: string | undefined,
  isId: (id: unknown) => id is Id,
): { at: Date; id: Id } | null {
  if (cursor === undefined || cursor === '') return null;
  const [at, id] = decode(cursor);
  const date = typeof at === 'string' ? new Date(at) : null;
  if (
    date === null ||
    Number.isNaN(date.getTime()) ||
    date.getTime() < EARLIEST ||
    date.getTime() > LATEST ||
    !isId(id)
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
