import { useSession } from '@hypertek/shared';
import { useLiveReads } from '@hypertek/shared/data';
import { Link } from 'react-router';

import { MarketplacePage } from '../../components/marketplace-page';
import { PageSection } from '../../components/page-section';
import { SignInFirst } from '../../components/sign-in-first';
import { marketKeys } from '../../lib/market-reads';
import { MadeOffers } from './components/made-offers';
import { ReceivedOffers } from './components/received-offers';

/**
 * /offer-received (also /offer-recieved): the offers on the signed-in user's items, to accept or
 * decline (Price, Offer, From, Expire), and below, 'Your offers': the offers the user made, to
 * cancel, or to pay once accepted. Signed out: 'Please Login first!' and a way to sign in.
 * Live: any market event reads both tables again (an offer made, answered or ended; a sale; a
 * listing, whose price the Price column shows), once per burst.
 */
export default function OfferReceivedPage() {
  const { user, isLoggedInUser } = useSession();
  const userId = isLoggedInUser ? (user?._id ?? user?.id ?? null) : null;
  useLiveReads(
    userId === null ? [] : [marketKeys.offersReceived(userId), marketKeys.offersMade(userId)],
  );

  return (
    <MarketplacePage>
      <PageSection
        id="mp-offers-title"
        title="Offers Received"
        level={1}
        intro="Offers other pilots have made on your items."
      >
        {userId === null ? <SignInFirst /> : <ReceivedOffers userId={userId} />}
        <p className="mp-note">
          <Link to="/market-place">Back to the marketplace</Link>
        </p>
      </PageSection>
      {userId !== null && (
        <PageSection
          id="mp-offers-made-title"
          title="Your offers"
          intro="Offers you have made on other pilots' items."
        >
          <MadeOffers userId={userId} />
        </PageSection>
      )}
    </MarketplacePage>
  );
}
