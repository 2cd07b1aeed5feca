import type { TeamMember } from '@hypertek/shared';

/** Placeholder profile links until the team's real ones are published: they stay on the page. */
const socials = (): TeamMember['socials'] => [
  { platform: 'LinkedIn', url: '#team' },
  { platform: 'GitHub', url: '#team' },
];

/**
 * The six people behind Hyper Tek. `img` is the seed of the avatar drawn by
 * ItemArt (the UI kit): no photo is downloaded.
 */
export const TEAM: readonly TeamMember[] = [
  {
    name: 'Kaia Renn',
    role: 'Founder & Creative Director',
    img: 'kaia-renn',
    bio: 'Wrote the first map of 2117 on a napkin. Fifteen years of world-building for AAA studios.',
    expertise: ['World-building', 'Narrative'],
    socials: socials(),
  },
  {
    name: 'Dax Okafor',
    role: 'Lead Game Designer',
    img: 'dax-okafor',
    bio: 'Designs the loops that tie Quest, Racing and the Overlord Realm into one economy.',
    expertise: ['Systems design', 'Balancing'],
    socials: socials(),
  },
  {
    name: 'Mira Solenne',
    role: 'Head of Blockchain',
    img: 'mira-solenne',
    bio: 'Keeps every NFA and land parcel verifiable, portable and yours.',
    expertise: ['Smart contracts', 'Security'],
    socials: socials(),
  },
  {
    name: 'Theo Vasquez',
    role: 'Art Director',
    img: 'theo-vasquez',
    bio: 'Turns neon, rust and rain into the look of the last cities on Earth.',
    expertise: ['Concept art', 'Visual identity'],
    socials: socials(),
  },
  {
    name: 'Juno Takeda',
    role: 'Lead Engineer',
    img: 'juno-takeda',
    bio: 'Builds the marketplace and the servers that hold a persistent world together.',
    expertise: ['Distributed systems', 'Real-time'],
    socials: socials(),
  },
  {
    name: 'Priya Hale',
    role: 'Community & Growth Lead',
    img: 'priya-hale',
    bio: 'Runs the pilots’ council, the tournaments and every launch-day livestream.',
    expertise: ['Community', 'Partnerships'],
    socials: socials(),
  },
];
