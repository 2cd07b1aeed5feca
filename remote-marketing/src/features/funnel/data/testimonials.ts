import type { Testimonial } from '@hypertek/shared';

import { statFromPhrase } from '../../../components/stat-list';

/** Five voices from studios and partners. `image` seeds a drawn avatar. */
export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: 'Elena Marsh',
    role: 'Head of Partnerships',
    company: 'Nova Arcade',
    image: 'elena-marsh',
    quote:
      'We listed our first collection on a Friday and sold out by Sunday. The marketplace just works — for us and for our players.',
  },
  {
    name: 'Rafael Ortiz',
    role: 'CEO',
    company: 'Ironclad Studios',
    image: 'rafael-ortiz',
    quote:
      'Hyper Tek is the first platform where in-game assets feel like real property. Our community finally owns what it earns.',
  },
  {
    name: 'Aiko Tanaka',
    role: 'Lead Producer',
    company: 'Pixel Forge',
    image: 'aiko-tanaka',
    quote:
      'Fees are clear, payouts are fast and the support team answers at 3 a.m. That is rare in this industry.',
  },
  {
    name: 'Marcus Bell',
    role: 'Esports Director',
    company: 'Velocity League',
    image: 'marcus-bell',
    quote:
      'The racing mode is tailor-made for tournaments. Our viewers trade the rigs they watch win, live during the stream.',
  },
  {
    name: 'Sofia Lindqvist',
    role: 'Investor',
    company: 'Northlight Ventures',
    image: 'sofia-lindqvist',
    quote:
      'A strong team, a world with depth and an economy designed to last. We backed Hyper Tek on day one and would do it again.',
  },
];

export const TRUST_STATS = [
  '30K+ Global Companies',
  '4.9/5 Average Rating',
  '98% Client Satisfaction',
  '24/7 Premium Support',
].map(statFromPhrase);
