import { formatPrice } from '@hypertek/shared';
import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  LinearScale,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { Bar } from 'react-chartjs-2';

import { BAR_STYLE, GRID, MUTED } from '../../../lib/chart-theme';
import { dayLabel } from './figures-format';

// Only the pieces this bar chart uses (Bar registers its own controller).
ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip);

export interface DailyVolumeProps {
  /** What the volume is of, in the chart's label ('NFAs'). */
  title: string;
  /** The series' days (`YYYY-MM-DD`, UTC), oldest first. */
  days: string[];
  /** The volume of each day, in dollars. */
  volume: number[];
  /** The sales of each day. */
  sales: number[];
}

/** The chart's text for screen readers: the total, and each day that had sales. */
function describe({ title, days, volume, sales }: DailyVolumeProps): string {
  const total = volume.reduce((sum, amount) => sum + amount, 0);
  const sold = days
    .map((day, at) => ({ day, amount: volume[at] ?? 0, count: sales[at] ?? 0 }))
    .filter(({ count }) => count > 0)
    .map(({ day, amount }) => `${dayLabel(day)} ${formatPrice(amount)}`);
  return `Daily volume of ${title} over ${days.length} days, ${formatPrice(Math.round(total * 100) / 100)} in all: ${sold.join(', ')}`;
}

/** A kind's volume per day as bars, the tooltip with the day's sales. */
export default function DailyVolumeChart(props: DailyVolumeProps) {
  const { days, volume, sales } = props;
  const data: ChartData<'bar'> = {
    labels: days.map(dayLabel),
    datasets: [{ label: 'Volume', data: volume, ...BAR_STYLE, borderRadius: 3 }],
  };
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    plugins: {
      legend: { display: false },
      tooltip: {
        callbacks: {
          label: (context) => `Volume: ${formatPrice(context.parsed.y ?? 0)}`,
          afterLabel: (context) => {
            const count = sales[context.dataIndex] ?? 0;
            return `${count} ${count === 1 ? 'sale' : 'sales'}`;
          },
        },
      },
    },
    scales: {
      x: { ticks: { color: MUTED, maxRotation: 0, autoSkipPadding: 12 }, grid: { display: false } },
      y: {
        beginAtZero: true,
        ticks: { color: MUTED, callback: (value) => formatPrice(Number(value)) },
        grid: { color: GRID },
      },
    },
  };
  return (
    <div className="mp-figures-chart">
      <Bar data={data} options={options} role="img" aria-label={describe(props)} />
    </div>
  );
}
