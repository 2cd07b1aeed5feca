import { OFFER_EXPIRY_OPTIONS, PLATFORM_FEE } from '@hypertek/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface FaqGroup {
  id: string;
  title: string;
  entries: readonly { question: string; answer: ReactNode }[];
}

/** The questions pilots ask most, by topic. */
export const FAQ_GROUPS: readonly FaqGroup[] = [
  {
    id: 'faq-game',
    title: 'The game',
    entries: [
      {
        question: 'What is Hyper Tek?',
        answer:
          'Hyper Tek is a sci-fi game set in 2117, with three modes — Quest, Racing and the Overlord Realm — and a marketplace where the NFAs and land parcels you earn or buy are truly yours.',
      },
      {
        question: 'When can I download the game?',
        answer:
          'The desktop client opens to backers first, then to everyone. Follow the News page for the date; nothing needs to be installed to browse or buy on the marketplace.',
      },
      {
        question: 'Do I need crypto to play?',
        answer:
          'No. You can play and buy by card. A wallet is only needed if you want to move your assets off Hyper Tek.',
      },
    ],
  },
  {
    id: 'faq-market',
    title: 'MarketPlace',
    entries: [
      {
        question: 'What is an NFA?',
        answer:
          'A Non-Fungible Asset: a pilot, rig, weapon or relic with its own serial number and history. Each one is unique and belongs to its owner, not to a server.',
      },
      {
        question: 'What does it cost to buy?',
        answer: (
          <>
            The listed price plus a flat platform fee of {PLATFORM_FEE} USDT. Both are shown in the
            buy dialog before you confirm — there are no hidden charges.
          </>
        ),
      },
      {
        question: 'How do offers work?',
        answer: (
          <>
            Open an item, choose Make Offer, enter your price and how long the offer stays open (
            {OFFER_EXPIRY_OPTIONS.join(', ')}). If the owner accepts, you complete the payment.
          </>
        ),
      },
      {
        question: 'Can I buy the same item twice?',
        answer:
          'No. Each item can be purchased once per account; the marketplace tells you if you already own it.',
      },
    ],
  },
  {
    id: 'faq-account',
    title: 'Account, payments and security',
    entries: [
      {
        question: 'How do I sign in?',
        answer:
          'With an email and password, a browser wallet signature, your Google account or your Discord account — whichever you prefer.',
      },
      {
        question: 'Will Hyper Tek ever ask for my seed phrase?',
        answer:
          'Never. No one from Hyper Tek will ask for your seed phrase or private key. Anyone who does is trying to steal your assets — please report them.',
      },
      {
        question: 'Which payment methods are accepted?',
        answer:
          'Cards through our payment provider (card details never touch our servers) and, for collectors who prefer it, a connected browser wallet.',
      },
    ],
  },
  {
    id: 'faq-funding',
    title: 'Crowdfunding',
    entries: [
      {
        question: 'What do backers receive?',
        answer: (
          <>
            Each reward tier lists its rewards — from a founding supporter badge to a founders’ land
            parcel. See the tiers on the <Link to="/funnel-page">funding page</Link>.
          </>
        ),
      },
      {
        question: 'Is backing an investment?',
        answer:
          'No. Backing supports development and earns the rewards of your tier; it does not give shares, profits or financial returns. Please read our Disclaimer.',
      },
    ],
  },
];
