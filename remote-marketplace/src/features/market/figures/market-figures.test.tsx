import {
  FIGURE_SERIES_DAYS,
  LAND_REGIONS,
  NFA_CATEGORIES,
  type MarketFigures,
  type MarketFiguresAnswer,
  type SalesWindow,
} from '@hypertek/shared';
import { deferred, fakeIntersectionObserver, serveApi } from '@hypertek/shared/testing';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';

import { MarketFiguresSection } from './market-figures-section';

// No canvas in jsdom: the chart shows what it was given to draw.
jest.mock('react-chartjs-2', () => ({
  Bar: (props: { 'aria-label': string; data: { datasets: { data: number[] }[] } }) => (
    <canvas
      role="img"
      aria-label={props['aria-label']}
      data-volume={JSON.stringify(props.data.datasets[0]?.data)}
    />
  ),
}));
jest.mock('chart.js', () => ({ Chart: { register: jest.fn() } }));

const sold = (sales: number, volume: number): SalesWindow => ({
  sales,
  volume,
  volumeCents: Math.round(volume * 100),
  average: sales ? Math.round((volume / sales) * 100) / 100 : null,
  averageCents: sales ? Math.round((volume / sales) * 100) : null,
});

/** A daily series with sales on the given days from the end (0: today). */
function daily(sales: Record<number, [number, number]> = {}): MarketFigures['daily'] {
  const at = (back: number) => sales[FIGURE_SERIES_DAYS - 1 - back];
  const days = Array.from({ length: FIGURE_SERIES_DAYS }, (_, i) => at(i));
  return {
    sales: days.map((day) => day?.[0] ?? 0),
    volume: days.map((day) => day?.[1] ?? 0),
    volumeCents: days.map((day) => Math.round((day?.[1] ?? 0) * 100)),
  };
}

const figures = (over: Partial<MarketFigures> = {}): MarketFigures => ({
  items: 40,
  listed: 12,
  owners: 1204,
  floor: 120.5,
  floorCents: 12050,
  windows: { '24h': sold(2, 300.5), '7d': sold(10, 2500), '30d': sold(41, 10250.75) },
  daily: daily({ 0: [2, 300.5], 3: [8, 2199.5] }),
  ...over,
});

const nothingSold = (): Partial<MarketFigures> => ({
  owners: 0,
  floor: null,
  floorCents: null,
  windows: { '24h': sold(0, 0), '7d': sold(0, 0), '30d': sold(0, 0) },
  daily: daily(),
});

const DAYS = Array.from({ length: FIGURE_SERIES_DAYS }, (_, i) => {
  const day = new Date(Date.UTC(2026, 10, 28 - (FIGURE_SERIES_DAYS - 1 - i)));
  return day.toISOString().slice(0, 10);
});

function answer(kind: 'nfa' | 'land', all: MarketFigures, group = figures()): MarketFiguresAnswer {
  const names = kind === 'nfa' ? NFA_CATEGORIES : LAND_REGIONS;
  return {
    success: true,
    message: 'ok',
    kind,
    groupBy: kind === 'nfa' ? 'category' : 'region',
    asOf: '2026-11-28T12:00:00.000Z',
    currency: 'usd',
    days: DAYS,
    all,
    groups: names.map((name, at) => ({ ...(at === 0 ? group : figures(nothingSold())), name })),
  };
}

const LANDS = figures({
  owners: 87,
  floor: 1800,
  floorCents: 180000,
  windows: { '24h': sold(1, 2000), '7d': sold(3, 6600.3), '30d': sold(9, 21000) },
});

const serveFigures = (nfa = answer('nfa', figures()), land = answer('land', LANDS, LANDS)) =>
  serveApi({
    'GET /market/figures': ({ params }) => ({ data: params.kind === 'nfa' ? nfa : land }),
  });

const open = () =>
  render(
    <StrictMode>
      <MarketFiguresSection />
    </StrictMode>,
  );
const kind = (name: 'NFAs' | 'Lands') => within(screen.getByRole('region', { name }));
/** A kind's tiles, label to value, once they show. */
async function tiles(name: 'NFAs' | 'Lands') {
  const region = await screen.findByRole('region', { name });
  await within(region).findByText('Floor', { selector: 'dt' });
  return Object.fromEntries(
    Array.from(region.querySelectorAll('dt'), (dt) => [
      dt.textContent,
      dt.nextSibling?.textContent,
    ]),
  );
}
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.children, (cell) => cell.textContent));

let errors: jest.SpyInstance;
beforeEach(() => {
  errors = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => errors.mockRestore());

describe('Market figures', () => {
  it('asks for nothing until the section comes near the screen, then for each kind', async () => {
    const observer = fakeIntersectionObserver();
    observer.install();
    try {
      const sent = serveFigures();
      open();
      expect(screen.getByRole('heading', { level: 2, name: 'MARKET FIGURES' })).toBeInTheDocument();
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(sent).toHaveLength(0);
      expect(screen.queryByRole('status')).not.toBeInTheDocument();

      act(() => observer.enter());
      expect(await tiles('NFAs')).toMatchObject({ Floor: '$120.50' });
      expect(sent.map(({ url }) => url).sort()).toEqual([
        '/market/figures?kind=land',
        '/market/figures?kind=nfa',
      ]);
    } finally {
      observer.remove();
    }
  });

  it("shows each kind's floor, owners, sales, volume and average over 24 hours, in dollars", async () => {
    serveFigures();
    open();
    expect(await tiles('NFAs')).toEqual({
      Floor: '$120.50',
      Owners: '1,204',
      'Sales (24h)': '2',
      'Volume (24h)': '$300.50',
      'Average price (24h)': '$150.25',
    });
    expect(await tiles('Lands')).toEqual({
      Floor: '$1,800',
      Owners: '87',
      'Sales (24h)': '1',
      'Volume (24h)': '$2,000',
      'Average price (24h)': '$2,000',
    });
  });

  it('switches every figure and table to the period chosen', async () => {
    serveFigures();
    open();
    await tiles('NFAs');
    const period = screen.getByRole('radiogroup', { name: 'Period' });
    expect(within(period).getByRole('radio', { name: '24h' })).toBeChecked();

    await userEvent.click(within(period).getByRole('radio', { name: '7d' }));
    expect(within(period).getByRole('radio', { name: '7d' })).toBeChecked();
    expect(within(period).getByRole('radio', { name: '24h' })).not.toBeChecked();
    expect(await tiles('NFAs')).toMatchObject({
      'Sales (7d)': '10',
      'Volume (7d)': '$2,500',
      'Average price (7d)': '$250',
    });
    expect(await tiles('Lands')).toMatchObject({
      'Sales (7d)': '3',
      'Volume (7d)': '$6,600.30',
      'Average price (7d)': '$2,200.10',
    });
    const table = kind('NFAs').getByRole('table', { name: 'NFAs by category, last 7 days' });
    expect(rowsOf(table)[0]).toEqual(['Quest relic', '$120.50', '1,204', '10', '$2,500', '$250']);

    // Arrow keys move through the radios, as a radio group's do.
    await userEvent.keyboard('{ArrowRight}');
    expect(within(period).getByRole('radio', { name: '30d' })).toBeChecked();
    expect(await tiles('NFAs')).toMatchObject({ 'Volume (30d)': '$10,250.75' });
  });

  it('lists every category and region with its figures', async () => {
    serveFigures();
    open();
    await screen.findByRole('region', { name: 'NFAs' });
    const nfas = await kind('NFAs').findByRole('table', {
      name: 'NFAs by category, last 24 hours',
    });
    expect(
      within(nfas)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Category', 'Floor', 'Owners', 'Sales', 'Volume', 'Average']);
    expect(rowsOf(nfas)).toEqual([
      ['Quest relic', '$120.50', '1,204', '2', '$300.50', '$150.25'],
      ...NFA_CATEGORIES.slice(1).map((name) => [name, '—', '0', '0', '—', '—']),
    ]);
    const lands = kind('Lands').getByRole('table', { name: 'Lands by region, last 24 hours' });
    expect(within(lands).getAllByRole('columnheader')[0]).toHaveTextContent('Region');
    expect(rowsOf(lands).map((row) => row[0])).toEqual([...LAND_REGIONS]);
    expect(rowsOf(lands)[0]).toEqual(['Crimson Dunes', '$1,800', '87', '1', '$2,000', '$2,000']);
  });

  it('draws the daily volume over 30 days', async () => {
    serveFigures();
    open();
    await screen.findByRole('region', { name: 'NFAs' });
    const chart = await kind('NFAs').findByRole('img');
    const volume = JSON.parse(chart.getAttribute('data-volume') ?? '[]') as number[];
    expect(volume).toHaveLength(30);
    expect(volume.slice(-4)).toEqual([2199.5, 0, 0, 300.5]);
    expect(chart).toHaveAccessibleName(
      'Daily volume of NFAs over 30 days, $2,500 in all: Nov 25 $2,199.50, Nov 28 $300.50',
    );
    expect(kind('NFAs').getByRole('heading', { name: 'Daily volume, last 30 days' })).toBeVisible();
  });

  it('says there were no sales, with dashes for the money, when nothing sold', async () => {
    serveFigures(answer('nfa', figures(nothingSold()), figures(nothingSold())));
    open();
    expect(await tiles('NFAs')).toEqual({
      Floor: '—',
      Owners: '0',
      'Sales (24h)': '0',
      'Volume (24h)': '—',
      'Average price (24h)': '—',
    });
    expect(kind('NFAs').getByText('No sales in the last 30 days')).toBeInTheDocument();
    expect(kind('NFAs').queryByRole('img')).not.toBeInTheDocument();
    expect(rowsOf(kind('NFAs').getByRole('table'))[0]).toEqual([
      'Quest relic',
      '—',
      '0',
      '0',
      '—',
      '—',
    ]);
    // The other kind draws its chart.
    expect(await kind('Lands').findByRole('img')).toBeInTheDocument();
  });

  it("shows a kind's loading, then its error with 'Try again', the other kind unaffected", async () => {
    const first = deferred();
    let calls = 0;
    serveApi({
      'GET /market/figures': ({ params }) => {
        if (params.kind === 'land') return { data: answer('land', LANDS, LANDS) };
        calls += 1;
        return calls === 1 ? first.promise : { data: answer('nfa', figures()) };
      },
    });
    open();
    // One indicator until both kinds' first answers are in (nothing drawn to be pushed down).
    expect(
      await screen.findByRole('status', { name: 'Loading market figures' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Lands' })).not.toBeInTheDocument();
    first.resolve({ status: 500, data: { message: 'down' } });
    await screen.findByRole('region', { name: 'NFAs' });
    expect(await kind('NFAs').findByRole('alert')).toHaveTextContent(
      'The NFA figures could not be loaded.',
    );
    expect(await tiles('Lands')).toMatchObject({ Floor: '$1,800' });

    const retried = deferred();
    serveApi({
      'GET /market/figures': ({ params }) =>
        params.kind === 'land' ? { data: answer('land', LANDS, LANDS) } : retried.promise,
    });
    await userEvent.click(kind('NFAs').getByRole('button', { name: 'Try again' }));
    // Asked again: that kind's own indicator, the other kind still shown.
    expect(await kind('NFAs').findByRole('status')).toHaveAccessibleName('Loading NFA figures');
    expect(await tiles('Lands')).toMatchObject({ Floor: '$1,800' });
    retried.resolve({ data: answer('nfa', figures()) });
    expect(await tiles('NFAs')).toMatchObject({ Floor: '$120.50' });
    expect(kind('NFAs').queryByRole('alert')).not.toBeInTheDocument();
  });

  it("counts an answer with 'success: false' as an error", async () => {
    serveFigures({ ...answer('nfa', figures()), success: false, message: 'closed' });
    open();
    await screen.findByRole('region', { name: 'NFAs' });
    expect(await kind('NFAs').findByRole('alert')).toHaveTextContent(
      'The NFA figures could not be loaded.',
    );
    await waitFor(() => expect(errors).toHaveBeenCalled());
  });
});
