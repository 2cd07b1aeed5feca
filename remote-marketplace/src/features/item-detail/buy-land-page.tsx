import { DetailPage } from './components/detail-page';
import { PriceHistory } from './components/price-history';
import { ITEM_SALES_READ } from './hooks/use-item-sales';
import { ITEM_READ, servedItemHead } from './lib/item-head';

/** /buy-land: a land parcel's detail page, with the user's price history. */
export default function BuyLandPage() {
  return (
    <DetailPage kind="land">
      <PriceHistory />
    </DetailPage>
  );
}

/**
 * The detail read of `?id=` and the first page of its sales, made by the host's web server with
 * the page.
 */
export const preloadFetch = [ITEM_READ, ITEM_SALES_READ];

/** The head the host's web server writes for the answer (title, preview card, Product data). */
export const pageHead = (answer: unknown, status: number) => servedItemHead('land', answer, status);
