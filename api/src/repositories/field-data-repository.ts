/**
 * Field data (issue 29): the Web Vitals of real page views and the funnel steps visitors reached,
 * each tagged with the releases of the remotes on the page, read back per version for the
 * console and as the two sides a canary judge compares (lib/release-judge.ts).
 */
import { FUNNEL_STEPS, WEB_VITALS } from '@hypertek/shared/release-words';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { rowsOf } from '../db/client';
import { fieldViews, funnelSteps, type ViewRelease } from '../db/schema';
import type { FunnelStep, SideFigures, WebVital } from '../lib/release-judge';

export interface FieldView {
  visitor: string;
  route: string;
  releases: ViewRelease[];
  vitals: Partial<Record<WebVital, number>>;
  inpRemote: string | null;
}

/** A version's figures on one channel: page views, visitors, each vital's p75, the funnel. */
export interface VersionFieldFigures {
  version: string;
  channel: ViewRelease['channel'];
  views: number;
  visitors: number;
  p75: Record<WebVital, number | null>;
  /** Distinct visitors who reached each step. */
  funnel: Record<FunnelStep, number>;
}

/** The views that ran this release of the remote (the GIN index answers the containment). */
const ranRelease = (remote: string, version: string, channel?: ViewRelease['channel']) =>
  sql`${fieldViews.releases} @> ${JSON.stringify([{ remote, version, ...(channel === undefined ? {} : { channel }) }])}::jsonb`;

const emptyFunnel = () =>
  Object.fromEntries(FUNNEL_STEPS.map((step) => [step, 0])) as Record<FunnelStep, number>;

export function createFieldDataRepository({ db }: Database) {
  /** Distinct visitors per step for a release of a remote on a channel. */
  async function funnelOf(
    remote: string,
    version: string,
    channel: ViewRelease['channel'],
    since: Date | null,
  ): Promise<Record<FunnelStep, number>> {
    const rows = await db
      .select({ step: funnelSteps.step, visitors: sql<number>`count(*)::int` })
      .from(funnelSteps)
      .where(
        and(
          eq(funnelSteps.remote, remote),
          eq(funnelSteps.version, version),
          eq(funnelSteps.channel, channel),
          since === null ? undefined : gte(funnelSteps.reachedAt, since),
        ),
      )
      .groupBy(funnelSteps.step);
    const funnel = emptyFunnel();
    for (const row of rows) funnel[row.step] = row.visitors;
    return funnel;
  }

  return {
    async recordView(view: FieldView): Promise<void> {
      await db.insert(fieldViews).values({
        visitor: view.visitor,
        route: view.route,
        releases: view.releases,
        lcp: view.vitals.LCP ?? null,
        inp: view.vitals.INP ?? null,
        cls: view.vitals.CLS ?? null,
        fcp: view.vitals.FCP ?? null,
        ttfb: view.vitals.TTFB ?? null,
        inpRemote: view.inpRemote,
      });
    },

    /** Records a step once per visitor and release; how many releases had not seen it yet. */
    async recordStep(visitor: string, step: FunnelStep, releases: ViewRelease[]): Promise<number> {
      if (releases.length === 0) return 0;
      const rows = await db
        .insert(funnelSteps)
        .values(releases.map((r) => ({ ...r, visitor, step })))
        .onConflictDoNothing({
          target: [funnelSteps.remote, funnelSteps.version, funnelSteps.visitor, funnelSteps.step],
        })
        .returning({ id: funnelSteps.id });
      return rows.length;
    },

    /** Deletes what is older than `before`; how many page views and steps went. */
    async prune(before: Date): Promise<{ views: number; steps: number }> {
      const views = await db
        .delete(fieldViews)
        .where(lt(fieldViews.receivedAt, before))
        .returning({ id: fieldViews.id });
      const steps = await db
        .delete(funnelSteps)
        .where(lt(funnelSteps.reachedAt, before))
        .returning({ id: funnelSteps.id });
      return { views: views.length, steps: steps.length };
    },

    /** Every version of a remote with field data, per channel, newest first. */
    async figures(remote: string): Promise<VersionFieldFigures[]> {
      const p75 = (column: AnyPgColumn) =>
        sql<
          number | null
        >`(percentile_cont(0.75) within group (order by ${column}) filter (where ${column} is not null))::float8`;
      const rows = await rowsOf<{
        version: string;
        channel: ViewRelease['channel'];
        views: number;
        visitors: number;
        lcp: number | null;
        inp: number | null;
        cls: number | null;
        fcp: number | null;
        ttfb: number | null;
      }>(
        db,
        sql`select r.version, r.channel, count(*)::int as views,
              count(distinct ${fieldViews.visitor})::int as visitors,
              ${p75(fieldViews.lcp)} as lcp, ${p75(fieldViews.inp)} as inp,
              ${p75(fieldViews.cls)} as cls, ${p75(fieldViews.fcp)} as fcp,
              ${p75(fieldViews.ttfb)} as ttfb
            from ${fieldViews},
              jsonb_to_recordset(${fieldViews.releases}) as r(remote text, version text, channel text)
            where r.remote = ${remote}
            group by r.version, r.channel
            order by max(${fieldViews.receivedAt}) desc, r.version, r.channel`,
      );
      // Every version's funnel in one read, not one per version.
      const steps = await db
        .select({
          version: funnelSteps.version,
          channel: funnelSteps.channel,
          step: funnelSteps.step,
          visitors: sql<number>`count(*)::int`,
        })
        .from(funnelSteps)
        .where(eq(funnelSteps.remote, remote))
        .groupBy(funnelSteps.version, funnelSteps.channel, funnelSteps.step);
      const funnels = new Map<string, Record<FunnelStep, number>>();
      const funnelKey = (version: string, channel: string) => `${channel} ${version}`;
      for (const row of rows) funnels.set(funnelKey(row.version, row.channel), emptyFunnel());
      for (const step of steps) {
        const funnel = funnels.get(funnelKey(step.version, step.channel));
        if (funnel !== undefined) funnel[step.step] = step.visitors;
      }
      return rows.map((row) => ({
        version: row.version,
        channel: row.channel,
        views: row.views,
        visitors: row.visitors,
        p75: { LCP: row.lcp, INP: row.inp, CLS: row.cls, FCP: row.fcp, TTFB: row.ttfb },
        funnel: funnels.get(funnelKey(row.version, row.channel)) ?? emptyFunnel(),
      }));
    },

    /**
     * One side of a canary's comparison: the page views that ran this release of the remote on
     * this channel (the latest `limit` of them, since `since` when given) and its funnel.
     */
    async side(
      remote: string,
      version: string,
      channel: ViewRelease['channel'],
      options: { since: Date | null; limit: number },
    ): Promise<SideFigures> {
      const where = and(
        ranRelease(remote, version, channel),
        options.since === null ? undefined : gte(fieldViews.receivedAt, options.since),
      );
      const rows = await db
        .select({
          visitor: fieldViews.visitor,
          LCP: fieldViews.lcp,
          INP: fieldViews.inp,
          CLS: fieldViews.cls,
          FCP: fieldViews.fcp,
          TTFB: fieldViews.ttfb,
        })
        .from(fieldViews)
        .where(where)
        .orderBy(sql`${fieldViews.id} desc`)
        .limit(options.limit);
      const vitals = Object.fromEntries(WEB_VITALS.map((v) => [v, [] as number[]])) as Record<
        WebVital,
        number[]
      >;
      for (const row of rows) {
        for (const vital of WEB_VITALS) {
          const value = row[vital];
          if (value !== null) vitals[vital].push(value);
        }
      }
      return {
        views: rows.length,
        visitors: new Set(rows.map((row) => row.visitor)).size,
        vitals,
        funnel: await funnelOf(remote, version, channel, options.since),
      };
    },
  };
}

export type FieldDataRepository = ReturnType<typeof createFieldDataRepository>;
