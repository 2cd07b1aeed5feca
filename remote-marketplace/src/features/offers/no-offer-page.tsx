import { MarketplacePage } from '../../components/marketplace-page';
import { NoOffers } from './components/no-offers';

/** /no-offer: no offers yet, with a 404-style graphic. */
export default function NoOfferPage() {
  return (
    <MarketplacePage>
      <section className="container mp-section mp-first" aria-labelledby="mp-no-offer-title">
        <NoOffers id="mp-no-offer-title" />
      </section>
    </MarketplacePage>
  );
}
