import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { FUNNEL_STEPS, RELEASE_CHANNELS } from '@hypertek/shared/release-words';
import { inList, remoteByForm } from './checks';

/** Which release of each remote a page view ran (the host's config for that page). */
export interface ViewRelease {
  remote: string;
  version: string;
  channel: (typeof RELEASE_CHANNELS)[number];
}

/**
 * Field data (issue 29): one row per page view that sent its Web Vitals, tagged with the route
 * and the release of every remote on the page. No account, no personal data: the visitor is the
 * host's random id. Kept `FIELD_DATA_RETENTION_DAYS`, then pruned.
 */
export const fieldViews = pgTable(
  'field_views',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    visitor: text('visitor').notNull(),
    /** The page's path, without its query (e.g. /funnel-page). */
    route: text('route').notNull(),
    releases: jsonb('releases').$type<ViewRelease[]>().notNull(),
    lcp: real('lcp'),
    inp: real('inp'),
    cls: real('cls'),
    fcp: real('fcp'),
    ttfb: real('ttfb'),
    /** The remote whose script handled the slowest interaction, when the browser says. */
    inpRemote: text('inp_remote'),
    receivedAt: timestamp('received_at', { withTimezone: true, precision: 3 })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    index('field_views_received_at_idx').on(t.receivedAt),
    index('field_views_releases_idx').using('gin', sql`${t.releases} jsonb_path_ops`),
    check(
      'field_views_inp_remote_check',
      sql`${t.inpRemote} is null or (${remoteByForm(t.inpRemote)})`,
    ),
  ],
);

/**
 * The funnel's steps a visitor reached, once per visitor, step and release of a remote on the
 * page where it happened: each step's rate is known per version (issue 29, "conversion").
 */
export const funnelSteps = pgTable(
  'funnel_steps',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    channel: text('channel', { enum: RELEASE_CHANNELS }).notNull(),
    visitor: text('visitor').notNull(),
    step: text('step', { enum: FUNNEL_STEPS }).notNull(),
    reachedAt: timestamp('reached_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('funnel_steps_visitor_step_key').on(t.remote, t.version, t.visitor, t.step),
    index('funnel_steps_reached_at_idx').on(t.reachedAt),
    check('funnel_steps_remote_check', remoteByForm(t.remote)),
    check('funnel_steps_channel_check', sql`${t.channel} in (${inList(RELEASE_CHANNELS)})`),
    check('funnel_steps_step_check', sql`${t.step} in (${inList(FUNNEL_STEPS)})`),
  ],
);
