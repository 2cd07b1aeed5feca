import type { FieldVersionFigures } from '@hypertek/shared';
import { serveApi, type SentRequest } from '@hypertek/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderAt } from '../../test/render';
import { signInAs } from '../../test/session';
import ConsolePage from './console-page';
import type { ReleaseStatus } from '@hypertek/shared/contract';

// No canvas in jsdom: a chart shows what it was given to draw.
jest.mock('react-chartjs-2', () => ({
  Bar: (props: { 'aria-label': string }) => <canvas role="img" aria-label={props['aria-label']} />,
}));
jest.mock('chart.js', () => ({ Chart: { register: jest.fn() } }));

const STARTED = '2026-11-20T10:00:00.000Z';

const status = (): ReleaseStatus => ({
  revision: 4,
  remotes: [
    {
      remote: 'marketing',
      live: '1.0.0+aaaaaaa',
      canary: {
        version: '1.1.0+bbbbbbb',
        percent: 20,
        threshold: 0.2,
        minVisitors: 5,
        startedAt: STARTED,
      },
      releases: [
        { version: '1.0.0+aaaaaaa', publishedAt: STARTED, publishedBy: 'ci' },
        { version: '1.1.0+bbbbbbb', publishedAt: STARTED, publishedBy: 'ci' },
      ],
      versions: [
        {
          remote: 'marketing',
          version: '1.1.0+bbbbbbb',
          visitors: 40,
          failures: 3,
          failureRate: 0.075,
          lastFailure: { stage: 'render', message: 'boom', at: STARTED },
        },
        {
          remote: 'marketing',
          version: '1.0.0+aaaaaaa',
          visitors: 160,
          failures: 1,
          failureRate: 0.006,
          lastFailure: null,
        },
      ],
    },
    { remote: 'checkout', live: null, canary: null, releases: [], versions: [] },
  ],
  history: [
    {
      revision: 3,
      at: '2026-11-19T09:00:00.000Z',
      actor: 'canary judge',
      action: 'canary-rollback',
      remote: 'marketing',
      from: '0.9.0+ccccccc',
      to: '1.0.0+aaaaaaa',
      reason: 'INP p75 359 ms on the canary against 180 ms on live (+100%)',
      judgement: [
        { metric: 'INP p75', canary: 359, live: 180, worse: 1, status: 'regressed', maxWorse: 0.2 },
      ],
    },
    {
      revision: 4,
      at: STARTED,
      actor: 'Mara Lind (marketing)',
      action: 'canary',
      remote: 'marketing',
      from: null,
      to: '1.1.0+bbbbbbb',
      reason: '20% of visitors',
    },
  ],
});

const figures = (
  version: string,
  channel: 'live' | 'canary',
  inp: number,
): FieldVersionFigures => ({
  version,
  channel,
  views: channel === 'live' ? 800 : 200,
  visitors: channel === 'live' ? 300 : 75,
  p75: { LCP: 1900, INP: inp, CLS: 0.02, FCP: 900, TTFB: 120 },
  funnel: {
    'funnel-viewed': 100,
    'signup-started': 30,
    'signup-completed': 18,
    'checkout-opened': 0,
    'checkout-paid': 0,
  },
});

interface Answer {
  status: number;
  body: unknown;
}
/** The host's release endpoint, as `fetch` reaches it: each call recorded. */
function serveReleaseEndpoint(answers: Record<string, Answer | (() => Answer)>) {
  const sent: { url: string; method: string; headers: Record<string, string>; body: unknown }[] =
    [];
  global.fetch = jest.fn((url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    sent.push({
      url,
      method,
      headers: init.headers as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const route = answers[`${method} ${url}`];
    const { status: code, body } =
      typeof route === 'function' ? route() : (route ?? { status: 404, body: {} });
    return Promise.resolve({ ok: code < 400, status: code, json: () => Promise.resolve(body) });
  }) as unknown as typeof fetch;
  return sent;
}

function serveFigures(): SentRequest[] {
  return serveApi({
    'GET /releases/tokens': { data: { success: true, data: [], remotes: ['marketing'] } },
    'GET /releases/field': (request) => ({
      data: {
        success: true,
        data:
          request.params.remote === 'marketing'
            ? [figures('1.0.0+aaaaaaa', 'live', 180), figures('1.1.0+bbbbbbb', 'canary', 210)]
            : [],
      },
    }),
    'GET /releases/judgement': {
      data: {
        success: true,
        verdict: {
          decision: 'continue',
          reason: 'Nothing is worse yet (200 canary page views of 2,000).',
          metrics: [
            {
              metric: 'INP p75',
              canary: 210,
              live: 180,
              worse: 0.167,
              logRatio: 0.1,
              logBar: 4.4,
              status: 'worse, within tolerance',
              maxWorse: 0.2,
            },
          ],
          srm: { chiSquared: 0.1, p: 0.7, observedShare: 0.2, expectedShare: 0.2 },
        },
      },
    },
  });
}

const openConsole = () =>
  renderAt('/console', { '/console': <ConsolePage />, '/signin': <p>Sign in here</p> });

const staffStatus = () => ({
  'GET /_release/status': { status: 200, body: { success: true, ...status() } },
});

afterEach(() => {
  // @ts-expect-error -- jsdom has no fetch; each test puts its own
  delete global.fetch;
});

describe('/console', () => {
  it('shows a staff member each remote, its figures, the judge and the history', async () => {
    signInAs();
    const sent = serveReleaseEndpoint({
      'GET /_release/status': { status: 200, body: { success: true, ...status() } },
    });
    const api = serveFigures();
    openConsole();
    const marketing = await screen.findByRole('region', { name: 'marketing' });
    expect(within(marketing).getByText('1.0.0+aaaaaaa', { selector: 'dd' })).toBeInTheDocument();
    expect(
      within(marketing).getByText(/1\.1\.0\+bbbbbbb: 20% of visitors since/),
    ).toBeInTheDocument();

    // Each version: visitors, failures (the reports), vitals and conversion.
    const table = await within(marketing).findByRole('table', { name: /each version's visitors/ });
    const canaryRow = within(table).getByRole('row', { name: /1\.1\.0\+bbbbbbb canary/ });
    for (const text of ['200', '75', '3 of 40', '210 ms', '1900 ms', '60%'])
      expect(within(canaryRow).getByText(text)).toBeInTheDocument();
    expect(
      await within(marketing).findByRole('img', { name: /marketing vitals/ }),
    ).toBeInTheDocument();
    expect(
      within(marketing).getByRole('img', { name: /marketing conversion/ }),
    ).toHaveAccessibleName(
      /1\.1\.0\+bbbbbbb \(canary\) Sign-up started 30%, Sign-up completion 60%/,
    );

    // The judge's verdict on the running canary, asked since it started.
    expect(await within(marketing).findByText(/Nothing is worse yet/)).toBeInTheDocument();
    const judgeTable = within(marketing).getByRole('table', { name: /judge's figures/ });
    expect(within(judgeTable).getByRole('row', { name: /INP p75/ })).toHaveTextContent(
      /210 ms.*180 ms.*16\.7% worse.*20%.*worse, within tolerance/,
    );
    const judged = api.find((r) => r.path === '/releases/judgement');
    expect(judged?.params).toEqual({
      remote: 'marketing',
      canary: '1.1.0+bbbbbbb',
      live: '1.0.0+aaaaaaa',
      percent: 20,
      since: STARTED,
    });
    expect(judged?.headers.Authorization).toMatch(/^Bearer /);

    // A remote with no release and no data says so.
    const checkout = screen.getByRole('region', { name: 'checkout' });
    expect(within(checkout).getByText(/the build served in place/)).toBeInTheDocument();
    expect(await within(checkout).findByText(/No field data yet/)).toBeInTheDocument();

    // The history, newest first, with the actors and the verdict's figures.
    const history = screen.getByRole('table', { name: 'Release history, newest first' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Mara Lind (marketing)');
    expect(rows[1]).toHaveTextContent('canary judge');
    expect(rows[1]).toHaveTextContent('INP p75: 359 ms against 180 ms (100% worse), regressed');

    expect(sent[0]?.headers.Authorization).toMatch(/^Bearer /);
    expect(screen.getByText(/Publishing a release stays a build step/)).toBeInTheDocument();
    // The team's release tokens, under the history.
    expect(await screen.findByRole('heading', { name: 'Release tokens' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Make a release token' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in', async () => {
    serveReleaseEndpoint({});
    const view = openConsole();
    expect(await screen.findByText('Sign in here')).toBeInTheDocument();
    expect(view.path()).toBe('/signin');
    expect(global.fetch).not.toHaveBeenCalled();
  });

  it('answers a signed-in account with no staff role "Staff only", with the reason', async () => {
    // The data layer logs a failed read; here it is the answer under test.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    signInAs();
    serveReleaseEndpoint({
      'GET /_release/status': {
        status: 403,
        body: {
          success: false,
          message: 'Only staff may release: this account has no staff role.',
        },
      },
    });
    serveFigures();
    openConsole();
    expect(await screen.findByRole('heading', { name: 'Staff only' })).toBeInTheDocument();
    expect(
      screen.getByText('Only staff may release: this account has no staff role.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Promote' })).not.toBeInTheDocument();
  });

  it('asks to confirm an action, then calls the endpoint with the bearer; the history follows', async () => {
    const user = userEvent.setup();
    signInAs();
    let promoted = false;
    const sent = serveReleaseEndpoint({
      'GET /_release/status': () => {
        const now = status();
        if (promoted)
          now.history.push({
            revision: 5,
            at: STARTED,
            actor: 'Mara Lind (marketing)',
            action: 'promote',
            remote: 'marketing',
            from: '1.0.0+aaaaaaa',
            to: '1.1.0+bbbbbbb',
          });
        return { status: 200, body: { success: true, ...now } };
      },
      'POST /_release/promote': () => {
        promoted = true;
        return { status: 200, body: { success: true, change: { revision: 5 } } };
      },
    });
    serveFigures();
    openConsole();
    const marketing = await screen.findByRole('region', { name: 'marketing' });
    await user.click(within(marketing).getByRole('button', { name: 'Promote' }));

    const dialog = screen.getByRole('dialog', { name: 'Promote to live: marketing' });
    expect(dialog).toHaveAccessibleDescription(
      /Every visitor of marketing gets the chosen version/,
    );
    // Nothing is sent before the confirmation.
    expect(sent.filter((s) => s.method === 'POST')).toHaveLength(0);
    expect(within(dialog).getByRole('combobox', { name: 'Version' })).toHaveValue('1.1.0+bbbbbbb');
    await user.click(within(dialog).getByRole('button', { name: 'Promote' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posted = sent.find((s) => s.method === 'POST');
    expect(posted).toMatchObject({
      url: '/_release/promote',
      body: { remote: 'marketing', version: '1.1.0+bbbbbbb' },
    });
    expect(posted?.headers.Authorization).toMatch(/^Bearer \S+$/);
    const history = screen.getByRole('table', { name: 'Release history, newest first' });
    await waitFor(() =>
      expect(within(history).getAllByRole('row')[1]).toHaveTextContent('promote'),
    );
  });

  it("shows the server's reason when another team's remote is refused (403)", async () => {
    const user = userEvent.setup();
    signInAs();
    const reason = 'The marketing role may act on marketing only, not on checkout.';
    serveReleaseEndpoint({
      ...staffStatus(),
      'POST /_release/rollback': { status: 403, body: { success: false, message: reason } },
    });
    serveFigures();
    openConsole();
    const checkout = await screen.findByRole('region', { name: 'checkout' });
    await user.click(within(checkout).getByRole('button', { name: 'Roll back' }));
    const dialog = screen.getByRole('dialog', { name: 'Roll back: checkout' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'slow taps');
    await user.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(reason);
    expect(dialog).toBeInTheDocument();
  });

  it('makes a preview link and shows it', async () => {
    const user = userEvent.setup();
    signInAs();
    const link = 'http://localhost:3000/?release-preview=abc';
    const sent = serveReleaseEndpoint({
      ...staffStatus(),
      'POST /_release/preview': {
        status: 200,
        body: { success: true, link, expires: '2026-11-20T11:00:00.000Z' },
      },
    });
    serveFigures();
    openConsole();
    const marketing = await screen.findByRole('region', { name: 'marketing' });
    await user.click(within(marketing).getByRole('button', { name: 'Preview link' }));
    const dialog = screen.getByRole('dialog', { name: 'Make a preview link: marketing' });
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Version' }),
      '1.0.0+aaaaaaa',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Make the link' }));
    expect(await screen.findByRole('link', { name: link })).toHaveAttribute('href', link);
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({
      remote: 'marketing',
      version: '1.0.0+aaaaaaa',
      minutes: 60,
    });
  });
});
