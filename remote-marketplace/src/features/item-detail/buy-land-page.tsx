import { DetailPage } from './components/detail-page';
import { PriceHistory } from './components/price-history';
import { ITEM_READ, servedItemHead } from './lib/item-head';

/** /buy-land: a land parcel's detail page, with the user's price history. */
export default function BuyLandPage() {
  return (
    <DetailPage kind="land">
      <PriceHistory />
    </DetailPage>
  );
}

/** The detail read of `?id=`, made by the host's web server with the page. */
export const preloadFetch = [ITEM_READ];

/** The head the host's web server writes for the answer (title, preview card, Product data). */
export const pageHead = (answer: unknown, status: number) => servedItemHead('land', answer, status);
