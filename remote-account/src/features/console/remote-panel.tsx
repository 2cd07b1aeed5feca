import { api, type CanaryVerdict, type FieldVersionFigures } from '@hypertek/shared';
import { isRemoteName } from '@hypertek/shared/release-words';
import { useApiQuery } from '@hypertek/shared/data';
import { DataTable, type Column } from '@hypertek/shared/ui';
import { lazy, Suspense, useState } from 'react';

import { LoadingStatus } from '../../components/loading-status';
import {
  count,
  judgedText,
  livePreviews,
  percent,
  RATE_LABELS,
  REREAD_MS,
  RATES,
  rateOf,
  vitalText,
  when,
} from './lib/figures';
import type {
  ReleaseChange,
  ReleaseVersionFigures,
  RemoteReleaseStatus,
} from '@hypertek/shared/contract';
import { ReleaseActionDialog, type ActionName } from './release-action-dialog';

// chart.js loads only here, and only once a remote has field data to draw.
const VersionCharts = lazy(
  () => import(/* webpackChunkName: "console-charts" */ './version-charts'),
);

const ACTIONS: [ActionName, string][] = [
  ['preview', 'Preview link'],
  ['canary', 'Canary'],
  ['promote', 'Promote'],
  ['rollback', 'Roll back'],
];

/** The judge's verdict on a running canary: its decision, reason and metric table. */
function Verdict({ verdict }: { verdict: CanaryVerdict }) {
  const columns: Column<CanaryVerdict['metrics'][number]>[] = [
    { header: 'Metric', cell: (m) => m.metric, lead: true },
    { header: 'Canary', cell: (m) => judgedText(m.metric, m.canary) },
    { header: 'Live', cell: (m) => judgedText(m.metric, m.live) },
    { header: 'Change', cell: (m) => (m.worse === null ? '—' : `${percent(m.worse)} worse`) },
    { header: 'Tolerance', cell: (m) => percent(m.maxWorse) },
    { header: 'Status', cell: (m) => m.status },
  ];
  return (
    <div className="ac-console-verdict">
      <p>
        <strong className={`ac-console-decision ac-console-decision-${verdict.decision}`}>
          {verdict.decision}
        </strong>{' '}
        {verdict.reason}
      </p>
      <DataTable
        caption="The judge's figures, metric by metric"
        columns={columns}
        rows={verdict.metrics}
        rowKey={(m) => m.metric}
      />
    </div>
  );
}

/** The judge's current verdict on the remote's running canary. */
function CanaryJudgement({ remote, status }: { remote: string; status: RemoteReleaseStatus }) {
  const { canary, live } = status;
  const name = isRemoteName(remote) ? remote : null;
  const read = useApiQuery({
    queryKey: [
      'release-judgement',
      remote,
      canary?.version,
      live,
      canary?.percent,
      canary?.startedAt,
    ],
    queryFn: ({ signal }) =>
      api.releases.judgement(
        {
          remote: name ?? 'marketing',
          canary: canary?.version ?? '',
          live: live ?? '',
          percent: canary?.percent ?? 1,
          ...(canary && { since: canary.startedAt }),
        },
        { signal },
      ),
    enabled: canary !== null && live !== null && name !== null,
    refetchInterval: REREAD_MS,
  });
  if (canary === null) return null;
  if (live === null)
    return (
      <p className="muted">
        No live release to judge the canary against: the build served in place.
      </p>
    );
  if (read.isPending) return <LoadingStatus label="Asking the canary judge" />;
  if (read.isError) return <p role="alert">The judge cannot be read: {read.error.message}</p>;
  return <Verdict verdict={read.data.verdict} />;
}

type Row = FieldVersionFigures & { report: ReleaseVersionFigures | undefined };

function figureColumns(): Column<Row>[] {
  return [
    { header: 'Version', cell: (r) => r.version, lead: true },
    { header: 'Channel', cell: (r) => r.channel },
    { header: 'Page views', cell: (r) => count(r.views) },
    { header: 'Visitors', cell: (r) => count(r.visitors) },
    {
      header: 'Failures (all channels)',
      cell: (r) => (r.report ? `${count(r.report.failures)} of ${count(r.report.visitors)}` : '—'),
    },
    { header: 'INP p75', cell: (r) => vitalText('INP', r.p75.INP) },
    { header: 'LCP p75', cell: (r) => vitalText('LCP', r.p75.LCP) },
    { header: 'CLS p75', cell: (r) => vitalText('CLS', r.p75.CLS) },
    ...RATES.map((rate) => ({
      header: RATE_LABELS[rate],
      cell: (r: Row) => percent(rateOf(r, rate)),
    })),
  ];
}

/**
 * One remote in the console: what is live, in canary and in preview; each version's figures (the
 * API's field data, the reports' failures) as a table and as charts; the judge's verdict on a
 * running canary; the actions, each asked in a dialog.
 */
export function RemotePanel({
  status,
  history,
  readAt,
  onChanged,
}: {
  status: RemoteReleaseStatus;
  history: readonly ReleaseChange[];
  /** When the status was read: a preview link running then is shown. */
  readAt: number;
  onChanged: () => void;
}) {
  const { remote, live, canary } = status;
  const [action, setAction] = useState<ActionName | null>(null);
  const name = isRemoteName(remote) ? remote : null;
  const field = useApiQuery({
    queryKey: ['release-field', remote],
    queryFn: ({ signal }) =>
      name === null
        ? Promise.resolve([])
        : api.releases.field(name, { signal }).then((r) => r.data),
    refetchInterval: REREAD_MS,
  });
  const reports = Array.isArray(status.versions) ? status.versions : [];
  const rows: Row[] = (field.data ?? []).map((figures) => ({
    ...figures,
    report: reports.find((r) => r.version === figures.version),
  }));
  const previews = livePreviews(history, remote, readAt);
  const published = [...status.releases].reverse().map((r) => r.version);
  const headingId = `ac-console-${remote}`;

  return (
    <section className="card ac-console-remote" aria-labelledby={headingId}>
      <h2 id={headingId}>{remote}</h2>
      <dl className="ac-console-state">
        <div>
          <dt>Live</dt>
          <dd>{live ?? 'the build served in place (no release yet)'}</dd>
        </div>
        <div>
          <dt>Canary</dt>
          <dd>
            {canary
              ? `${canary.version}: ${canary.percent}% of visitors since ${when(canary.startedAt)}`
              : 'none'}
          </dd>
        </div>
        <div>
          <dt>Preview</dt>
          <dd>
            {previews.length === 0
              ? 'no link running'
              : previews.map((p) => `${p.version} (${p.by}, until ${when(p.until)})`).join('; ')}
          </dd>
        </div>
        <div>
          <dt>Published</dt>
          <dd>{published.length === 0 ? 'nothing yet' : `${published.length} releases`}</dd>
        </div>
      </dl>

      <div className="ac-console-actions" role="group" aria-label={`Act on ${remote}`}>
        {ACTIONS.map(([name, label]) => (
          <button
            key={name}
            type="button"
            className={name === 'rollback' ? 'btn btn-ghost' : 'btn btn-primary'}
            onClick={() => setAction(name)}
          >
            {label}
          </button>
        ))}
      </div>

      {canary && (
        <>
          <h3>The canary judge</h3>
          <CanaryJudgement remote={remote} status={status} />
        </>
      )}

      <h3>Versions</h3>
      {field.isPending ? (
        <LoadingStatus label={`Loading ${remote}'s field data`} />
      ) : field.isError ? (
        <p role="alert">The field data cannot be read: {field.error.message}</p>
      ) : rows.length === 0 ? (
        <p className="muted">No field data yet: no visitor has seen a release of {remote}.</p>
      ) : (
        <>
          <DataTable
            caption={`${remote}: each version's visitors, failures, vitals and conversion`}
            columns={figureColumns()}
            rows={rows}
            rowKey={(r) => `${r.version} ${r.channel}`}
          />
          <Suspense fallback={<LoadingStatus label="Loading the charts" />}>
            <VersionCharts remote={remote} rows={rows} />
          </Suspense>
        </>
      )}

      {action && (
        <ReleaseActionDialog
          action={action}
          remote={remote}
          versions={published}
          live={live}
          canary={canary}
          onClose={() => setAction(null)}
          onDone={onChanged}
        />
      )}
    </section>
  );
}
