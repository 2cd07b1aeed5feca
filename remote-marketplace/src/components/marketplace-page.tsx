import '../styles/marketplace.css';

import type { ReactNode } from 'react';

import { MarketplaceTabs } from './marketplace-tabs';

/** Every marketplace page: the sub-navigation tabs above the page's own content. */
export function MarketplacePage({
  children,
  className = '',
}: {
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`mp-page ${className}`.trim()}>
      <div className="container">
        <MarketplaceTabs />
      </div>
      {children}
    </div>
  );
}
