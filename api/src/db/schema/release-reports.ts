import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  FAILURE_STAGES,
  RELEASE_CHANNELS,
  REMOTE_NAMES,
  REPORT_OUTCOMES,
} from '@hypertek/shared/release-words';
import { inList, remoteByForm } from './checks';

/**
 * What the host reported of a remote's release for a visitor: it loaded, or it failed (with the
 * stage and the browser's error message). One row per visitor and outcome of a release (unique
 * index): a visitor who reports the same outcome again is not counted again.
 */
export const releaseReports = pgTable(
  'release_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    remote: text('remote', { enum: REMOTE_NAMES }).notNull(),
    version: text('version').notNull(),
    /** The channel of the release's first report for this visitor and outcome. */
    channel: text('channel', { enum: RELEASE_CHANNELS }).notNull(),
    /** A random id the host keeps for the visitor (no account, no personal data). */
    visitor: text('visitor').notNull(),
    outcome: text('outcome', { enum: REPORT_OUTCOMES }).notNull(),
    /** Set for a failure only. */
    stage: text('stage', { enum: FAILURE_STAGES }),
    /** The browser's error message of a failure (at most 300 characters), if any. */
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('release_reports_visitor_outcome_key').on(
      t.remote,
      t.version,
      t.visitor,
      t.outcome,
    ),
    // The remote's name by its form, not a list: a remote added to REMOTE_NAMES (the release
    // words) needs no migration for its reports.
    check('release_reports_remote_check', remoteByForm(t.remote)),
    check('release_reports_channel_check', sql`${t.channel} in (${inList(RELEASE_CHANNELS)})`),
    check('release_reports_outcome_check', sql`${t.outcome} in (${inList(REPORT_OUTCOMES)})`),
    check(
      'release_reports_stage_check',
      sql`(${t.outcome} = 'failed') = (${t.stage} is not null) and (${t.stage} is null or ${t.stage} in (${inList(FAILURE_STAGES)}))`,
    ),
  ],
);
