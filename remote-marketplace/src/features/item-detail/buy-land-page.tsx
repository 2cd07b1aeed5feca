import { DetailPage } from './components/detail-page';
import { PriceHistory } from './components/price-history';

/** /buy-land: a land parcel's detail page, with the user's price history. */
export default function BuyLandPage() {
  return (
    <DetailPage kind="land">
      <PriceHistory />
    </DetailPage>
  );
}
