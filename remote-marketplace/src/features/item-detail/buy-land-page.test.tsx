import { MESSAGES } from '@hypertek/shared';
import { deferred, signIn } from '@hypertek/shared/testing';
import { screen, within } from '@testing-library/react';
import type { ChartData, ChartOptions, Plugin } from 'chart.js';

import { makeDetailItem } from '../../test/fixtures';
import { list } from '../../test/http';
import { serveItemApi } from '../../test/item-api';
import { renderPage } from '../../test/render';
import BuyLandPage from './buy-land-page';
import { CHART } from '../../data/constants';

interface BarProps {
  data: ChartData<'bar'>;
  options: ChartOptions<'bar'>;
  plugins: Plugin<'bar'>[];
}
const drawn: BarProps[] = [];

// No canvas in jsdom: the chart shows what it was asked to draw.
jest.mock('chart.js', () => ({
  Chart: { register: jest.fn() },
  BarElement: {},
  CategoryScale: {},
  Legend: {},
  LinearScale: {},
  Title: {},
  Tooltip: {},
}));
jest.mock('react-chartjs-2', () => ({
  Bar: (props: BarProps & { 'aria-label': string }) => {
    drawn.push(props);
    return <canvas role="img" aria-label={props['aria-label']} />;
  },
}));

const land = makeDetailItem('land', 3);
const open = () => renderPage(<BuyLandPage />, { path: '/buy-land', state: land });
const history = () => within(screen.getByRole('region', { name: 'Price History' }));
const DAY = 86_400_000;
const payments = [
  {
    _id: 'p2',
    gameTitle: 'Sector 9 Parcel',
    amount: 400,
    createdAt: new Date(Date.now() - DAY).toISOString(),
  },
  {
    _id: 'p1',
    gameTitle: 'Neon Relic 7',
    amount: 250,
    createdAt: new Date(Date.now() - 5 * DAY).toISOString(),
  },
];

beforeEach(() => {
  drawn.length = 0;
});

describe('/buy-land', () => {
  it('shows the land detail: title, serial number, price, Listed, no views', () => {
    serveItemApi({});
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Sector 3 Parcel' })).toBeInTheDocument();
    expect(screen.getByText('#LAND-3')).toBeInTheDocument();
    expect(screen.getByText('$300 USDT')).toBeInTheDocument();
    expect(screen.getByText('Listed')).toBeInTheDocument();
    expect(screen.queryByText('505 Views')).not.toBeInTheDocument();
  });

  it("says 'User not authenticated.' over the chart when signed out, without asking for history", () => {
    const sent = serveItemApi({});
    open();
    expect(history().getByRole('status')).toHaveTextContent(MESSAGES.notAuthenticated);
    expect(sent.filter(({ path }) => path.startsWith('/history/'))).toHaveLength(0);
  });

  it("draws the signed-in user's purchases, oldest first, with the product's axis, bars and label", async () => {
    signIn();
    const sent = serveItemApi({ 'GET /history/history/*': list(payments) });
    open();
    expect(
      await history().findByRole('img', { name: /Purchase Amount \(USD\)/ }),
    ).toBeInTheDocument();
    expect(sent.map(({ url }) => url).filter((url) => url.startsWith('/history/'))).toEqual([
      '/history/history/u1',
    ]);

    const { data, options, plugins } = drawn.at(-1)!;
    expect(data.labels).toEqual(['Neon Relic 7', 'Sector 9 Parcel']);
    expect(data.datasets[0]).toMatchObject({
      label: CHART.label,
      data: [250, 400],
      barThickness: CHART.barThickness,
    });
    expect(options.scales?.y?.max).toBe(440);
    expect(options.plugins?.legend?.display).toBe(true);
    expect(options.plugins?.title?.display).toBe(true);
    expect(options.plugins?.tooltip?.callbacks?.label).toEqual(expect.any(Function));
    expect(plugins).toHaveLength(1);
  });

  it('writes each value above its bar (the data labels)', async () => {
    signIn();
    serveItemApi({ 'GET /history/history/*': list(payments) });
    open();
    await history().findByRole('img');
    const { plugins } = drawn.at(-1)!;
    const ctx = { save: jest.fn(), restore: jest.fn(), fillText: jest.fn() };
    const chart = {
      ctx,
      data: { datasets: [{ data: [250, 400] }] },
      getDatasetMeta: () => ({
        hidden: false,
        data: [
          { x: 10, y: 100 },
          { x: 60, y: 40 },
        ],
      }),
    };
    (plugins[0]!.afterDatasetsDraw as unknown as (c: typeof chart) => void)(chart);
    expect(ctx.fillText.mock.calls).toEqual([
      ['$250', 10, 96],
      ['$400', 60, 36],
    ]);
  });

  it('shows a loading indicator until the history call finishes', async () => {
    signIn();
    const answer = deferred();
    serveItemApi({ 'GET /history/history/*': answer.route });
    open();
    expect(history().getByRole('status', { name: 'Loading price history' })).toBeInTheDocument();
    answer.resolve({ data: { success: true, data: [] } });
    expect(await history().findByText(MESSAGES.noPurchaseHistory)).toBeInTheDocument();
  });

  it.each([
    [
      "a message containing 'No payments found' as the empty state",
      { data: { success: true, message: 'No payments found', data: [] } },
      MESSAGES.noPurchaseHistory,
      'true',
    ],
    [
      "the server's message when there is no data",
      { data: { success: true, message: 'Nothing yet', data: [] } },
      'Nothing yet',
      'false',
    ],
    [
      "'No purchase history found.' when there is neither",
      { data: { success: true, data: [] } },
      MESSAGES.noPurchaseHistory,
      'false',
    ],
    [
      "the server's message when the call fails",
      { status: 403, data: { success: false, message: 'Forbidden' } },
      'Forbidden',
      'false',
    ],
    [
      "'No History Data found for this user' when it fails without one",
      { status: 500, data: {} },
      MESSAGES.noHistoryData,
      'false',
    ],
    [
      "a failure saying 'No payments found' as the empty state",
      { status: 404, data: { message: 'No payments found for u1' } },
      MESSAGES.noPurchaseHistory,
      'true',
    ],
  ])('shows %s', async (_, reply, message, empty) => {
    signIn();
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    serveItemApi({ 'GET /history/history/*': reply });
    open();
    const shown = await history().findByText(message);
    expect(shown).toHaveAttribute('data-empty', empty);
    expect(drawn).toHaveLength(0);
    errors.mockRestore();
  });
});
