import { OFFER_EXPIRY_OPTIONS } from '@hypertek/shared';
import { Link } from 'react-router';

import { DataTable, type Column } from '@hypertek/shared/ui';
import { MarketplacePage } from '../../components/marketplace-page';
import { PageSection } from '../../components/page-section';
import { itemPrice } from '../../lib/prices';

/** The sample offers of the static offers table (the content is not from the API). */
const SAMPLE_OFFERS = [
  { id: 1, price: 1800, offer: 1650, from: 'NeonRider_2117', expire: OFFER_EXPIRY_OPTIONS[0] },
  { id: 2, price: 1800, offer: 1500, from: 'Overlord.eth', expire: OFFER_EXPIRY_OPTIONS[1] },
  { id: 3, price: 950, offer: 900, from: 'QuestRunner', expire: OFFER_EXPIRY_OPTIONS[2] },
  { id: 4, price: 2400, offer: 2100, from: 'Pilot_Kaz', expire: OFFER_EXPIRY_OPTIONS[4] },
] as const;

const COLUMNS: readonly Column<(typeof SAMPLE_OFFERS)[number]>[] = [
  { header: 'Price', cell: (row) => itemPrice(row.price) },
  { header: 'Offer', cell: (row) => itemPrice(row.offer), className: 'price' },
  { header: 'From', cell: (row) => row.from, className: 'mp-strong' },
  { header: 'Expire', cell: (row) => row.expire },
];

/** /offer-received (also /offer-recieved): the static offers table (Price, Offer, From, Expire). */
export default function OfferReceivedPage() {
  return (
    <MarketplacePage>
      <PageSection
        id="mp-offers-title"
        title="Offers Received"
        level={1}
        intro="Offers other pilots have made on your items."
      >
        <DataTable
          caption="Offers received"
          columns={COLUMNS}
          rows={SAMPLE_OFFERS}
          rowKey={(row) => row.id}
        />
        <p className="mp-note">
          <Link to="/market-place">Back to the marketplace</Link>
        </p>
      </PageSection>
    </MarketplacePage>
  );
}
