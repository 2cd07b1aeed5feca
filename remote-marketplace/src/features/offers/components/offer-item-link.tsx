import { itemPath, type MarketOffer } from '@hypertek/shared';
import { Link } from 'react-router';

/** The item an offer is on, linking to its page: its title and serial number. */
export function OfferItemLink({ offer }: { offer: MarketOffer }) {
  return (
    <Link to={itemPath(offer.kind, offer.itemId)}>
      {offer.title}
      {offer.serialNumber && <span className="muted mp-block">#{offer.serialNumber}</span>}
    </Link>
  );
}
