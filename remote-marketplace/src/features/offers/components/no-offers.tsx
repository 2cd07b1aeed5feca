import { Link } from 'react-router';

import { NoOfferGraphic } from './no-offer-graphic';

/**
 * 'No offers right now' under the 404-style graphic: the /no-offer page, and the offers page when
 * nobody has made an offer on the user's items. `headingLevel` fits the page around it.
 */
export function NoOffers({ headingLevel = 1, id }: { headingLevel?: 1 | 2; id: string }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="mp-no-offer">
      <NoOfferGraphic />
      <Heading id={id}>No offers right now</Heading>
      <p className="lead">When a pilot makes an offer on one of your items, it shows up here.</p>
      <Link className="btn btn-primary" to="/market-place">
        Browse the marketplace
      </Link>
    </div>
  );
}
