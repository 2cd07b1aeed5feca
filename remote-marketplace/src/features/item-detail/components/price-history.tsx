import { lazy, Suspense } from 'react';

import { Loading } from '../../../components/loading';
import { usePriceHistory } from '../hooks/use-price-history';

// chart.js is big: it loads only here, and only once there is something to draw.
const PriceHistoryChart = lazy(() => import('./price-history-chart'));

/** The land page's price history: the chart, or the message shown over it. */
export function PriceHistory() {
  const history = usePriceHistory();
  return (
    <section className="card mp-history" aria-labelledby="mp-history-title">
      <h2 id="mp-history-title">Price History</h2>
      <div className="mp-history-frame">
        {history.status === 'loading' && <Loading label="Loading price history" />}
        {history.status === 'ready' && (
          <Suspense fallback={<Loading label="Loading chart" />}>
            <PriceHistoryChart entries={history.entries} />
          </Suspense>
        )}
        {history.status === 'message' && (
          <p
            className={`mp-history-message${history.empty ? ' is-empty' : ''}`}
            role="status"
            data-empty={history.empty}
          >
            {history.message}
          </p>
        )}
      </div>
    </section>
  );
}
