import { formatAge, useNearViewport, type ItemSale } from '@hypertek/shared';

import { DataTable, type Column } from '@hypertek/shared/ui';
import { ShowMore } from '../../../components/show-more';
import { itemPrice } from '../../../lib/prices';
import { useItemSales } from '../hooks/use-item-sales';

const COLUMNS: readonly Column<ItemSale>[] = [
  { header: 'Buyer', cell: (sale) => sale.buyer, className: 'mp-strong', lead: true },
  { header: 'Price', cell: (sale) => itemPrice(sale.price), className: 'price' },
  // Whole days, as the activity table writes them ('3d').
  { header: 'Time', cell: (sale) => formatAge(sale.time) },
];

/** Placeholder rows while the first page loads: the table's height, so the page does not jump. */
function SalesSkeleton() {
  return (
    <div className="mp-sales-skeleton" role="status" aria-label="Loading sales history">
      {Array.from({ length: 3 }, (_, i) => (
        <span key={i} className="mp-skeleton mp-sales-skeleton-row" aria-hidden="true">
          &nbsp;
        </span>
      ))}
    </div>
  );
}

/**
 * The item's own sales, newest first (`activity/item/{id}`): buyer, price and age; 'No sales
 * yet' when there are none, a retry when they cannot be read, 'Show more' while the server has
 * more.
 */
export function SalesHistory({ itemId }: { itemId: string }) {
  // Read once the section comes near the screen: below the item, it is not the first screen's.
  const { ref, near } = useNearViewport();
  const sales = useItemSales(itemId, { enabled: near });
  return (
    <section ref={ref} className="card mp-sales" aria-labelledby="mp-sales-title">
      <h2 id="mp-sales-title">Sales history</h2>
      {sales.status === 'loading' ? (
        <SalesSkeleton />
      ) : sales.status === 'error' ? (
        <div className="mp-sales-message">
          <p role="alert">The sales history could not be loaded.</p>
          <button type="button" className="btn btn-ghost" onClick={sales.retry}>
            Try again
          </button>
        </div>
      ) : sales.sales.length === 0 ? (
        <p className="mp-sales-message muted">No sales yet</p>
      ) : (
        <>
          <DataTable
            caption="Sales of this item, newest first"
            columns={COLUMNS}
            rows={sales.sales}
            rowKey={(sale, index) => sale._id || index}
          />
          {sales.hasMore && (
            <ShowMore
              loading={sales.loadingMore}
              failed={sales.moreFailed}
              failedText="More sales could not be loaded."
              onMore={sales.showMore}
            />
          )}
        </>
      )}
    </section>
  );
}
