import '../../styles/marketing.css';
import '../../styles/content.css';

import { PLATFORM_FEE } from '@hypertek/shared';

import { DocumentPage, type DocumentSection } from '../../components/document-page';

const SECTIONS: readonly DocumentSection[] = [
  {
    id: 'abstract',
    title: 'Abstract',
    paragraphs: [
      'Hyper Tek is a persistent game world set in 2117 and a marketplace for the assets it creates. This paper describes how those assets are made, owned and traded, and how the economy is designed to reward play rather than speculation.',
    ],
  },
  {
    id: 'world',
    title: 'One world, three modes',
    paragraphs: [
      'Quest, Racing and the Overlord Realm share one map and one inventory. Relics found in Quest upgrade racing rigs; racing reputation unlocks command slots in the Overlord Realm; land held in the Realm produces the materials Quest teams need. No mode is an island, so no asset is useless.',
    ],
  },
  {
    id: 'nfa',
    title: 'Non-Fungible Assets (NFAs)',
    paragraphs: [
      'Every pilot, rig, weapon and relic is minted as an NFA with a serial number and an append-only history: where it fought, who held it, what it won. The history travels with the asset when it changes hands, so provenance is never lost.',
    ],
    points: [
      'Supply of each NFA line is fixed when the line is announced.',
      'Upgrades change an NFA’s stats, never its serial number or history.',
      'Burned assets stay in the record, marked as retired.',
    ],
  },
  {
    id: 'land',
    title: 'Land parcels',
    paragraphs: [
      'The surface of the 2117 map is divided into parcels. A parcel produces resources for its owner, can host structures, and sits on grid lines that others must cross. Founding parcels are released in seasons; no parcel is ever created outside a published season.',
    ],
  },
  {
    id: 'marketplace',
    title: 'The MarketPlace',
    paragraphs: [
      `Assets are bought and sold on the Hyper Tek MarketPlace at the seller’s price plus a flat platform fee of ${PLATFORM_FEE} USDT, shown before the buyer confirms. Buyers pay by card through a certified payment provider or with a connected wallet; offers can be made on any listed item.`,
      'The server computes every amount from the item’s listed price: a client can never choose what it is charged, and each purchase is recorded once, whatever the retries.',
    ],
  },
  {
    id: 'security',
    title: 'Security and custody',
    paragraphs: [
      'Wallet sign-in uses a single-use, short-lived message bound to our domain, so a signature cannot be replayed. Passwords are stored with a memory-hard hash. We never ask for, store or transmit seed phrases or private keys.',
    ],
  },
  {
    id: 'roadmap',
    title: 'Roadmap',
    paragraphs: ['The roadmap is reviewed every season with the Pilots’ Council.'],
    points: [
      'Season Zero — Overlord Realm founding parcels, marketplace offers.',
      'Season One — Orbital racing leagues and rig sponsorships.',
      'Season Two — Cross-faction campaigns and creator tools for independent studios.',
    ],
  },
];

/** /whitepapers — how the Hyper Tek economy, NFAs and land work. */
export default function WhitepapersPage() {
  return (
    <DocumentPage
      eyebrow="WhitePapers"
      title="The Hyper Tek Economy"
      lead="How NFAs and land parcels are made, owned and traded — and why the economy rewards play, not speculation."
      meta="Version 1.2 · November 2026"
      sections={SECTIONS}
    />
  );
}
