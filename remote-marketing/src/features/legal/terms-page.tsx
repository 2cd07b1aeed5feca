import '../../styles/marketing.css';
import '../../styles/content.css';

import { PLATFORM_FEE } from '@hypertek/shared';
import { Link } from 'react-router';

import { DocumentPage, type DocumentSection } from '../../components/document-page';

const SECTIONS: readonly DocumentSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance',
    paragraphs: [
      'By creating an account, playing Hyper Tek or using the MarketPlace you agree to these terms. If you do not agree, please do not use the service.',
    ],
  },
  {
    id: 'eligibility',
    title: 'Eligibility and accounts',
    paragraphs: [
      'You must be of legal age to enter into contracts in your country. You are responsible for your account and everything done with it; keep your password and wallet secure, and tell us at once if you suspect misuse.',
    ],
  },
  {
    id: 'purchases',
    title: 'Purchases and fees',
    paragraphs: [
      `The price of an item is set by its seller. A flat platform fee of ${PLATFORM_FEE} USDT is added to every purchase and shown before you confirm. Card payments are processed by our payment provider; we do not store card details.`,
    ],
    points: [
      'A purchase is complete when the payment is confirmed.',
      'Each item can be bought once per account.',
      'Offers stay open for the period you choose and can be accepted by the owner until then.',
    ],
  },
  {
    id: 'ownership',
    title: 'What you own',
    paragraphs: [
      'When you buy an NFA or a land parcel, you own that token and may use, keep, sell or give it away. The artwork, names and game content remain the intellectual property of Hyper Tek and its licensors; you receive a licence to display them with the asset you own.',
    ],
  },
  {
    id: 'conduct',
    title: 'Fair play',
    paragraphs: ['To keep the world fair for everyone, you agree not to:'],
    points: [
      'cheat, exploit bugs or use automation to gain an advantage;',
      'manipulate prices, trade with yourself or launder money through the MarketPlace;',
      'impersonate Hyper Tek staff or ask others for their seed phrases or passwords;',
      'harass other players or post unlawful content.',
    ],
  },
  {
    id: 'crowdfunding',
    title: 'Crowdfunding rewards',
    paragraphs: [
      'Backers receive the rewards of their tier when they become available. Backing is a contribution to development, not an investment, and gives no right to profits or shares.',
    ],
  },
  {
    id: 'termination',
    title: 'Suspension and termination',
    paragraphs: [
      'We may suspend or close accounts that break these terms. You may close your account at any time; assets you own remain yours and can be moved to a wallet before closing.',
    ],
  },
  {
    id: 'liability',
    title: 'Liability',
    paragraphs: [
      <>
        The service is provided as it is. To the extent the law allows, Hyper Tek is not liable for
        indirect losses or for the market value of assets. See the{' '}
        <Link to="/disclaimer">Disclaimer</Link> for the risks of digital assets.
      </>,
    ],
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    paragraphs: [
      'We may update these terms as the game and the law evolve. We will announce material changes on the News page at least 14 days before they take effect.',
    ],
  },
];

/** /terms — Terms and Conditions. */
export default function TermsPage() {
  return (
    <DocumentPage
      eyebrow="Legal"
      title="Terms and Conditions"
      lead="The rules of Hyper Tek and its MarketPlace, written to be read."
      meta="Last updated 1 November 2026"
      sections={SECTIONS}
    />
  );
}
