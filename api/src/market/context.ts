/**
 * What every part of the market works with: the database, its options, the clock and the
 * market's transaction. Made once per market repository (index.ts) and handed to each part.
 */
import type { Database, Tx } from '../db/client';
import { transaction } from '../db/client';

export interface MarketOptions {
  /** Milliseconds since the epoch; Date.now outside tests. */
  clock: () => number;
  checkoutHoldMs: number;
  reservationMs: number;
  commissionBps: number;
  maxOpenOffers: number;
}

export interface MarketContext {
  database: Database;
  db: Database['db'];
  options: MarketOptions;
  /** The market's time: the injected clock, never the database's now(). */
  now: () => Date;
  /** A transaction of the market, run again when the server gives it up (db/client.ts). */
  transaction: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;
}

export function marketContext(database: Database, options: MarketOptions): MarketContext {
  const { db } = database;
  return {
    database,
    db,
    options,
    now: () => new Date(options.clock()),
    transaction: (work) => transaction(db, work),
  };
}
