import { formatPrice, type PaymentHistoryEntry } from '@hypertek/shared';
import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  Title,
  Tooltip,
  type ChartData,
  type ChartOptions,
  type Plugin,
} from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { CHART } from '../../../data/constants';
import { BAR_STYLE, GRID, MUTED, TEXT } from '../../../lib/chart-theme';

// Only the pieces this bar chart uses (Bar registers its own controller).
ChartJS.register(CategoryScale, LinearScale, BarElement, Title, Tooltip, Legend);

/** Data labels without a plugin package: each bar's value drawn above it. */
const barValues: Plugin<'bar'> = {
  id: 'mpBarValues',
  afterDatasetsDraw(chart) {
    const { ctx } = chart;
    ctx.save();
    ctx.fillStyle = TEXT;
    ctx.font = '600 12px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'bottom';
    chart.data.datasets.forEach((dataset, index) => {
      const meta = chart.getDatasetMeta(index);
      if (meta.hidden) return;
      meta.data.forEach((bar, at) => {
        const value = dataset.data[at];
        if (typeof value === 'number') ctx.fillText(formatPrice(value), bar.x, bar.y - 4);
      });
    });
    ctx.restore();
  },
};

const paidAt = (entry: PaymentHistoryEntry & { date?: string }) =>
  entry.createdAt || entry.date || '';

/** The user's purchases as a bar chart: legend, title, tooltips, values on the bars. */
export default function PriceHistoryChart({ entries }: { entries: PaymentHistoryEntry[] }) {
  const sorted = [...entries].sort((a, b) => Date.parse(paidAt(a)) - Date.parse(paidAt(b)));
  const amounts = sorted.map((entry) => entry.amount);
  const largest = Math.max(0, ...amounts);

  const data: ChartData<'bar'> = {
    labels: sorted.map((entry) => entry.gameTitle),
    datasets: [
      {
        label: CHART.label,
        data: amounts,
        barThickness: CHART.barThickness,
        ...BAR_STYLE,
      },
    ],
  };

  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    layout: { padding: { top: 8 } },
    plugins: {
      legend: { display: true, labels: { color: TEXT } },
      title: { display: true, text: 'Your purchase history', color: TEXT, font: { size: 14 } },
      tooltip: {
        callbacks: {
          label: (context) => `${CHART.label}: ${formatPrice(context.parsed.y ?? 0)}`,
          afterLabel: (context) => {
            const at = Date.parse(paidAt(sorted[context.dataIndex] ?? ({} as PaymentHistoryEntry)));
            return Number.isNaN(at) ? '' : new Date(at).toLocaleDateString();
          },
        },
      },
    },
    scales: {
      x: { ticks: { color: MUTED }, grid: { display: false } },
      y: {
        beginAtZero: true,
        max: Math.round(largest * CHART.yMaxFactor * 100) / 100 || undefined,
        ticks: { color: MUTED },
        // The top of the axis (1.1 × the largest amount) is rarely a round step: no label there.
        afterBuildTicks: (axis) => {
          const [first, second] = axis.ticks;
          if (!first || !second) return;
          const step = second.value - first.value;
          axis.ticks = axis.ticks.filter(
            ({ value }) => Math.abs(value / step - Math.round(value / step)) < 1e-6,
          );
        },
        grid: { color: GRID },
        title: { display: true, text: CHART.label, color: MUTED },
      },
    },
  };

  return (
    <div className="mp-chart">
      <Bar
        data={data}
        options={options}
        plugins={[barValues]}
        role="img"
        aria-label={`${CHART.label}: ${sorted.map((e) => `${e.gameTitle} ${formatPrice(e.amount)}`).join(', ')}`}
      />
    </div>
  );
}
