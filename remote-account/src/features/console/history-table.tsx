import { DataTable, type Column } from '@hypertek/shared/ui';

import { judgedText, percent, when } from './lib/figures';
import type { ReleaseChange } from '@hypertek/shared/contract';

/** A verdict's figures as the history keeps them: each guardrail's two sides and its status. */
const figuresOf = (entry: ReleaseChange): string =>
  (entry.judgement ?? [])
    .map(
      (m) =>
        `${m.metric}: ${judgedText(m.metric, m.canary)} against ${judgedText(m.metric, m.live)}${m.worse === null ? '' : ` (${percent(m.worse)} worse)`}, ${m.status}`,
    )
    .join('; ');

const COLUMNS: Column<ReleaseChange>[] = [
  { header: 'When', cell: (e) => when(e.at), lead: true },
  { header: 'Remote', cell: (e) => e.remote },
  { header: 'Action', cell: (e) => e.action },
  { header: 'By', cell: (e) => e.actor },
  { header: 'From', cell: (e) => e.from ?? '—' },
  { header: 'To', cell: (e) => e.to ?? '—' },
  {
    header: 'Why, and the verdict’s figures',
    cell: (e) => [e.reason, figuresOf(e)].filter(Boolean).join(' — ') || '—',
  },
];

/** The registry's latest changes, newest first, with who made each and the judge's figures. */
export function HistoryTable({ history }: { history: readonly ReleaseChange[] }) {
  if (history.length === 0)
    return <p className="muted">Nothing released yet: every remote is served from its build.</p>;
  return (
    <DataTable
      caption="Release history, newest first"
      columns={COLUMNS}
      rows={[...history].reverse()}
      rowKey={(e) => e.revision}
    />
  );
}
