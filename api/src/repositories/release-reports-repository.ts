/**
 * What the host reports of the remotes' releases (loaded or failed, per visitor), and each
 * version's figures for operators and the canary guard. A visitor counts once per outcome of a
 * release: the unique index on (remote, version, visitor, outcome) makes a repeated report a
 * no-op (`on conflict do nothing`), whichever API instance receives it.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type {
  FAILURE_STAGES,
  RELEASE_CHANNELS,
  REMOTE_NAMES,
  REPORT_OUTCOMES,
} from '@hypertek/shared/release-words';
import { releaseReports } from '../db/schema';

export type ReleaseRemote = (typeof REMOTE_NAMES)[number];
export type ReleaseChannel = (typeof RELEASE_CHANNELS)[number];
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];
export type FailureStage = (typeof FAILURE_STAGES)[number];

export interface ReleaseReport {
  remote: ReleaseRemote;
  version: string;
  channel: ReleaseChannel;
  visitor: string;
  outcome: ReportOutcome;
  /** Set for a failure, null for a load. */
  stage: FailureStage | null;
  message: string | null;
}

/** One version's figures: distinct visitors, of them those who failed, and the last failure. */
export interface VersionSummary {
  remote: ReleaseRemote;
  version: string;
  visitors: number;
  failures: number;
  failureRate: number;
  lastFailure: { stage: FailureStage; message: string | null; at: Date } | null;
}

export function createReleaseReportsRepository({ db }: Database) {
  return {
    /** Stores a report; true when it is this visitor's first of this outcome for the release. */
    async record(report: ReleaseReport): Promise<boolean> {
      const rows = await db
        .insert(releaseReports)
        .values(report)
        .onConflictDoNothing({
          target: [
            releaseReports.remote,
            releaseReports.version,
            releaseReports.visitor,
            releaseReports.outcome,
          ],
        })
        .returning({ id: releaseReports.id });
      return rows.length === 1;
    },

    /**
     * Every version of a remote that has reports (or the one asked for), newest first (by its
     * first report).
     */
    async summary(remote: ReleaseRemote, version?: string): Promise<VersionSummary[]> {
      const where =
        version === undefined
          ? eq(releaseReports.remote, remote)
          : and(eq(releaseReports.remote, remote), eq(releaseReports.version, version));
      const firstSeen = sql`min(${releaseReports.createdAt})`;
      const rows = await db
        .select({
          version: releaseReports.version,
          visitors: sql<number>`count(distinct ${releaseReports.visitor})::int`,
          failures: sql<number>`(count(distinct ${releaseReports.visitor}) filter (where ${releaseReports.outcome} = 'failed'))::int`,
        })
        .from(releaseReports)
        .where(where)
        .groupBy(releaseReports.version)
        .orderBy(desc(firstSeen), desc(releaseReports.version));
      if (rows.length === 0) return [];
      // The last failure of each version: one row per version (PostgreSQL's distinct on).
      const failed = await db
        .selectDistinctOn([releaseReports.version], {
          version: releaseReports.version,
          stage: releaseReports.stage,
          message: releaseReports.message,
          at: releaseReports.createdAt,
        })
        .from(releaseReports)
        .where(and(where, eq(releaseReports.outcome, 'failed')))
        .orderBy(releaseReports.version, desc(releaseReports.createdAt), desc(releaseReports.id));
      const lastFailure = new Map(failed.map((row) => [row.version, row]));
      return rows.map((row) => {
        const { visitors, failures } = row;
        const last = lastFailure.get(row.version);
        return {
          remote,
          version: row.version,
          visitors,
          failures,
          failureRate: visitors === 0 ? 0 : failures / visitors,
          lastFailure:
            last === undefined || last.stage === null
              ? null
              : { stage: last.stage, message: last.message, at: last.at },
        };
      });
    },
  };
}

export type ReleaseReportsRepository = ReturnType<typeof createReleaseReportsRepository>;
