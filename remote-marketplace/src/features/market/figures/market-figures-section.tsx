import './market-figures-frame.css';

import { useNearViewport } from '@hypertek/shared';
import { lazy, Suspense } from 'react';

import { Loading } from '../../../components/loading';
import { PageSection } from '../../../components/page-section';

// The figures, their table and chart.js are their own chunks: none of it is the first screen's.
const MarketFigures = lazy(
  () => import(/* webpackChunkName: "market-figures" */ './market-figures'),
);

/**
 * /market-place's market figures (`GET /market/figures`, docs/product.md): only this wrapper is in
 * the page's chunk. The server draws the heading over a frame of the section's height; the
 * figures' code loads, and their reads start, once the frame comes within a screen of the view.
 */
export function MarketFiguresSection() {
  const { ref, near } = useNearViewport();
  return (
    <PageSection
      id="mp-section-figures"
      title="MARKET FIGURES"
      intro="Floor, owners and sales of NFAs and lands."
    >
      <div ref={ref} className="mp-figures-frame">
        {near && (
          <Suspense fallback={<Loading label="Loading MARKET FIGURES" />}>
            <MarketFigures />
          </Suspense>
        )}
      </div>
    </PageSection>
  );
}
