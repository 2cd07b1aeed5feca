import '../../styles/marketing.css';
import '../../styles/content.css';

import { DocumentPage, type DocumentSection } from '../../components/document-page';

const SECTIONS: readonly DocumentSection[] = [
  {
    id: 'no-advice',
    title: 'No financial advice',
    paragraphs: [
      'Nothing on this site is financial, investment, legal or tax advice. NFAs, land parcels and crowdfunding rewards are digital collectibles and game items. They are not securities, and owning them gives no share in Hyper Tek, its revenue or its profits.',
    ],
  },
  {
    id: 'value',
    title: 'Value can go down',
    paragraphs: [
      'Prices on the MarketPlace are set by players. The value of an asset can fall as well as rise, and an asset may become impossible to sell. Only spend what you can afford to lose.',
    ],
  },
  {
    id: 'figures',
    title: 'Figures and statements',
    paragraphs: [
      'Figures on our marketing pages — players, games, transactions, ratings and funding progress — describe the Hyper Tek network and its partners at the time of writing and may be rounded. Statements about future features are plans, not promises; they can change as the game develops.',
    ],
  },
  {
    id: 'crypto',
    title: 'Wallets and blockchain risks',
    paragraphs: [
      'Transactions made from a crypto wallet may be irreversible. You are responsible for the security of your wallet. Hyper Tek will never ask for your seed phrase or private key.',
    ],
    points: [
      'Network fees are set by the blockchain, not by Hyper Tek.',
      'A transaction sent to a wrong address cannot be recovered.',
      'Laws on digital assets differ between countries and may change.',
    ],
  },
  {
    id: 'third-parties',
    title: 'Third-party services',
    paragraphs: [
      'Payments, sign-in providers, crowdfunding platforms and embedded videos are run by third parties under their own terms. We are not responsible for their content or availability.',
    ],
  },
  {
    id: 'availability',
    title: 'Availability',
    paragraphs: [
      'The game and the marketplace are provided as they are and as available. We work to keep them online and accurate but cannot guarantee that they will be uninterrupted or free of errors.',
    ],
  },
];

/** /disclaimer */
export default function DisclaimerPage() {
  return (
    <DocumentPage
      eyebrow="Legal"
      title="Disclaimer"
      lead="What Hyper Tek promises, what it does not, and the risks you should know before you buy, trade or back."
      meta="Last updated 1 November 2026"
      sections={SECTIONS}
    />
  );
}
