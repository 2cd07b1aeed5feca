import { Link } from 'react-router';

import { MarketplacePage } from '../../components/marketplace-page';
import { NoOfferGraphic } from './components/no-offer-graphic';

/** /no-offer: no offers yet, with a 404-style graphic. */
export default function NoOfferPage() {
  return (
    <MarketplacePage>
      <section
        className="container mp-section mp-first mp-no-offer"
        aria-labelledby="mp-no-offer-title"
      >
        <NoOfferGraphic />
        <h1 id="mp-no-offer-title">No offers right now</h1>
        <p className="lead">When a pilot makes an offer on one of your items, it shows up here.</p>
        <Link className="btn btn-primary" to="/market-place">
          Browse the marketplace
        </Link>
      </section>
    </MarketplacePage>
  );
}
