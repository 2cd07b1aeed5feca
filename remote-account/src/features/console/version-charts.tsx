import type { FieldVersionFigures } from '@hypertek/shared';
import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { Bar } from 'react-chartjs-2';

import { percent, RATE_LABELS, RATES, rateOf, vitalText } from './lib/figures';

// Only the pieces these bar charts use (Bar registers its own controller).
ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip, Legend);

// A canvas takes colours, not CSS variables: these mirror the design tokens.
const MUTED = '#9aa3c7';
const GRID = 'rgba(38, 48, 94, 0.6)';
const SERIES = ['rgba(0, 229, 255, 0.6)', 'rgba(255, 43, 214, 0.6)', 'rgba(124, 92, 255, 0.7)'];

const VITALS = ['INP', 'LCP', 'FCP'] as const;

const labelOf = (row: FieldVersionFigures) => `${row.version} (${row.channel})`;

function options(unit: (value: number) => string): ChartOptions<'bar'> {
  return {
    responsive: true,
    maintainAspectRatio: false,
    plugins: {
      legend: { labels: { color: MUTED } },
      tooltip: {
        callbacks: {
          label: (context) => `${context.dataset.label ?? ''}: ${unit(context.parsed.y ?? 0)}`,
        },
      },
    },
    scales: {
      x: { ticks: { color: MUTED, autoSkip: false }, grid: { display: false } },
      y: {
        beginAtZero: true,
        ticks: { color: MUTED, callback: (value) => unit(Number(value)) },
        grid: { color: GRID },
      },
    },
  };
}

/** What a chart says to a screen reader: each version's figures in words. */
const describe = (
  title: string,
  rows: readonly FieldVersionFigures[],
  say: (row: FieldVersionFigures) => string,
) => `${title}: ${rows.map((row) => `${labelOf(row)} ${say(row)}`).join('; ')}`;

/**
 * A remote's versions side by side: the p75 of INP, LCP and FCP, and the funnel's rates. Loaded
 * with chart.js only when a remote has field data to draw.
 */
export default function VersionCharts({
  remote,
  rows,
}: {
  remote: string;
  rows: readonly FieldVersionFigures[];
}) {
  const labels = rows.map(labelOf);
  const vitals: ChartData<'bar'> = {
    labels,
    datasets: VITALS.map((name, at) => ({
      label: `${name} p75`,
      data: rows.map((row) => row.p75[name] ?? 0),
      backgroundColor: SERIES[at],
    })),
  };
  const rates = RATES.filter((rate) => rows.some((row) => rateOf(row, rate) !== null));
  const funnel: ChartData<'bar'> = {
    labels,
    datasets: rates.map((rate, at) => ({
      label: RATE_LABELS[rate],
      data: rows.map((row) => Math.round((rateOf(row, rate) ?? 0) * 1000) / 10),
      backgroundColor: SERIES[at],
    })),
  };
  return (
    <div className="ac-console-charts">
      <figure className="ac-console-chart">
        <figcaption>Vitals (p75) by version</figcaption>
        <div className="ac-console-canvas">
          <Bar
            data={vitals}
            options={options((value) => `${Math.round(value)} ms`)}
            role="img"
            aria-label={describe(`${remote} vitals at the 75th percentile`, rows, (row) =>
              VITALS.map((name) => `${name} ${vitalText(name, row.p75[name])}`).join(', '),
            )}
          />
        </div>
      </figure>
      {rates.length > 0 && (
        <figure className="ac-console-chart">
          <figcaption>Conversion by version</figcaption>
          <div className="ac-console-canvas">
            <Bar
              data={funnel}
              options={options((value) => `${value}%`)}
              role="img"
              aria-label={describe(`${remote} conversion`, rows, (row) =>
                rates
                  .map((rate) => `${RATE_LABELS[rate]} ${percent(rateOf(row, rate))}`)
                  .join(', '),
              )}
            />
          </div>
        </figure>
      )}
    </div>
  );
}
