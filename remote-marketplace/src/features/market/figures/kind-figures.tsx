import {
  FIGURE_GROUP_BY,
  type FigureWindow,
  type ItemKind,
  type MarketFigures,
  type MarketFiguresAnswer,
  type MarketFiguresGroup,
} from '@hypertek/shared';
import { lazy, Suspense } from 'react';

import { DataTable, type Column } from '@hypertek/shared/ui';
import { Loading } from '../../../components/loading';
import { formatCount, money, salesText, WINDOW_LABELS } from './figures-format';
import type { MarketFiguresState } from './use-market-figures';

// chart.js loads only here, and only once a kind has a sale to draw.
const DailyVolumeChart = lazy(
  () => import(/* webpackChunkName: "market-figures-chart" */ './daily-volume-chart'),
);

const KIND_TITLES: Record<ItemKind, string> = { nfa: 'NFAs', land: 'Lands' };
const KIND_NOUNS: Record<ItemKind, string> = { nfa: 'NFA', land: 'land' };

/** The kind's five figures, the sales ones over `period`. */
function FigureTiles({ figures, period }: { figures: MarketFigures; period: FigureWindow }) {
  const shown = salesText(figures.windows[period]);
  const suffix = WINDOW_LABELS[period].short;
  const tiles: [string, string][] = [
    ['Floor', money(figures.floor)],
    ['Owners', formatCount(figures.owners)],
    [`Sales (${suffix})`, shown.sales],
    [`Volume (${suffix})`, shown.volume],
    [`Average price (${suffix})`, shown.average],
  ];
  return (
    <dl className="mp-figures-tiles">
      {tiles.map(([label, value]) => (
        <div key={label} className="mp-figures-tile">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The group table's columns: the group's name, then its figures over `period`. */
function groupColumns(groupBy: string, period: FigureWindow): Column<MarketFiguresGroup>[] {
  const sales = (group: MarketFiguresGroup) => salesText(group.windows[period]);
  return [
    { header: groupBy, cell: (group) => group.name, className: 'mp-strong', lead: true },
    { header: 'Floor', cell: (group) => money(group.floor), className: 'price' },
    { header: 'Owners', cell: (group) => formatCount(group.owners) },
    { header: 'Sales', cell: (group) => sales(group).sales },
    { header: 'Volume', cell: (group) => sales(group).volume, className: 'price' },
    { header: 'Average', cell: (group) => sales(group).average, className: 'price' },
  ];
}

/** The daily volume's bars, or a line saying there is nothing to draw (chart.js not loaded). */
function DailyVolume({ title, answer }: { title: string; answer: MarketFiguresAnswer }) {
  const { sales, volume } = answer.all.daily;
  if (!sales.some((count) => count > 0))
    return <p className="mp-figures-note muted">No sales in the last {answer.days.length} days</p>;
  return (
    <Suspense fallback={<Loading label={`Loading ${title} daily volume`} />}>
      <DailyVolumeChart title={title} days={answer.days} volume={volume} sales={sales} />
    </Suspense>
  );
}

/**
 * One kind's figures: its tiles, its daily volume over the series' days and its table by
 * category or region; its own loading and error (with 'Try again') while the rest shows.
 */
export function KindFigures({
  kind,
  period,
  figures,
}: {
  kind: ItemKind;
  period: FigureWindow;
  figures: MarketFiguresState;
}) {
  const title = KIND_TITLES[kind];
  const noun = KIND_NOUNS[kind];
  const headingId = `mp-figures-${kind}`;
  const groupBy = FIGURE_GROUP_BY[kind] === 'category' ? 'Category' : 'Region';
  return (
    <section className="mp-figures-kind" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      {figures.status === 'loading' ? (
        <Loading label={`Loading ${noun} figures`} />
      ) : figures.status === 'error' ? (
        <div className="mp-notice">
          <p role="alert">The {noun} figures could not be loaded.</p>
          <button type="button" className="btn btn-ghost" onClick={figures.retry}>
            Try again
          </button>
        </div>
      ) : (
        <>
          <FigureTiles figures={figures.figures.all} period={period} />
          <h4 className="mp-figures-subtitle">
            Daily volume, last {figures.figures.days.length} days
          </h4>
          <div className="mp-figures-chart-frame">
            <DailyVolume title={title} answer={figures.figures} />
          </div>
          <DataTable
            caption={`${title} by ${groupBy.toLowerCase()}, ${WINDOW_LABELS[period].long}`}
            columns={groupColumns(groupBy, period)}
            rows={figures.figures.groups}
            rowKey={(group) => group.name}
          />
        </>
      )}
    </section>
  );
}
