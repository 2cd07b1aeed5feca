/**
 * Every route's title and description: in the HTML the host's web server answers (its frames carry
 * them, see prerender/frames.tsx) and set again on each navigation (RemoteRoute). A page that
 * knows better sets its own after the route's (an item page: its item's name, kind and price).
 * `index: true` marks the public pages that search engines may list (the sitemap lists them);
 * the others answer `noindex`.
 */
import { pageTitle, type PageHead } from '@hypertek/shared';

import type { RoutePath } from './route-table';

export interface RouteMeta extends PageHead {
  index?: boolean;
}

const MARKETPLACE =
  'Buy, sell and trade Hyper Tek NFAs and land parcels: collectibles of the 2117 wars, paid by card.';

const OFFERS: RouteMeta = {
  title: pageTitle('Offers'),
  description: 'The offers made on your items, and yours on others.',
};

/** The profile and its empty state ('/no-item-profile') are one page to a visitor. */
const PROFILE: RouteMeta = {
  title: pageTitle('Profile'),
  description: 'Your collectibles and lands.',
};

/** The activity and its empty state ('/no-personal-activity') likewise. */
const ACTIVITY: RouteMeta = {
  title: pageTitle('Activity'),
  description: 'Your activity on the marketplace.',
};

export const ROUTE_META: Record<RoutePath, RouteMeta> = {
  '/': {
    title: pageTitle('Pilot, race and conquer in 2117'),
    description:
      "Hyper Tek, the sci-fi game of 2117: Earth's last cities at war over the grid. Quests, racing and the overlord realm, with NFAs and land parcels you truly own.",
    index: true,
  },
  '/about': {
    title: pageTitle('About'),
    description:
      'The studio and the story behind Hyper Tek, the sci-fi game and marketplace set in 2117.',
    index: true,
  },
  '/funnel-page': {
    title: pageTitle('Join the community'),
    description:
      'Buy, sell and truly own the games and assets you love: join the players, studios and creators of Hyper Tek.',
    index: true,
  },
  '/news': {
    title: pageTitle('News'),
    description: 'The latest from the Hyper Tek grid: releases, events and the marketplace.',
    index: true,
  },
  '/whitepapers': {
    title: pageTitle('Whitepapers'),
    description: 'How Hyper Tek works: the game, its economy, NFAs and land parcels.',
    index: true,
  },
  '/faq': {
    title: pageTitle('FAQ'),
    description: 'Answers to the common questions about Hyper Tek, its marketplace and accounts.',
    index: true,
  },
  '/disclaimer': {
    title: pageTitle('Disclaimer'),
    description: 'The disclaimer of the Hyper Tek site and marketplace.',
    index: true,
  },
  '/terms': {
    title: pageTitle('Terms'),
    description: 'The terms of use of the Hyper Tek site and marketplace.',
    index: true,
  },
  '/market-place': {
    title: pageTitle('Market Place'),
    description: MARKETPLACE,
    index: true,
  },
  '/nfa-expand': {
    title: pageTitle('NFAs'),
    description:
      'Every Hyper Tek NFA on the market: collectibles of 2117 by rarity and category, with their prices.',
    index: true,
  },
  '/land': {
    title: pageTitle('Land'),
    description:
      'Land parcels of the Hyper Tek colonies by region and size, with their prices: build, hold or trade.',
    index: true,
  },
  '/personal-activity': {
    title: pageTitle('Your activity'),
    description: 'Your purchases and sales on the Hyper Tek marketplace.',
  },
  '/buy-nfa': { title: pageTitle('NFA'), description: MARKETPLACE },
  '/buy-land': { title: pageTitle('Land'), description: MARKETPLACE },
  '/offer-recieved': OFFERS,
  '/offer-received': OFFERS,
  '/no-offer': { title: pageTitle('Offers'), description: 'No offers yet.' },
  '/watchlist': {
    title: pageTitle('Watchlist'),
    description: 'The items you watch on the Hyper Tek marketplace, and their alert prices.',
  },
  '/signup': {
    title: pageTitle('Sign up'),
    description: 'Create your Hyper Tek account: collect NFAs and land parcels, and trade them.',
    index: true,
  },
  '/signin': {
    title: pageTitle('Sign in'),
    description: 'Sign in to manage your collectibles, lands and listings.',
    index: true,
  },
  '/forgot-password': {
    title: pageTitle('Forgot password'),
    description: 'Get a link to choose a new password for your Hyper Tek account.',
  },
  '/reset-password/:token': {
    title: pageTitle('Choose a new password'),
    description: 'Choose a new password for your Hyper Tek account.',
  },
  '/profile': PROFILE,
  '/Lands': { title: pageTitle('Your lands'), description: 'The land parcels you own.' },
  '/Activity': ACTIVITY,
  '/List': { title: pageTitle('Your listings'), description: 'The items you have listed.' },
  '/edit': { title: pageTitle('Edit profile'), description: 'Your name, picture and links.' },
  '/wellcome': { title: pageTitle('Welcome'), description: 'Welcome to Hyper Tek.' },
  '/Signin-wallet': {
    title: pageTitle('Sign in with a wallet'),
    description: 'Sign in to Hyper Tek with your browser wallet.',
  },
  '/wallet-connect': {
    title: pageTitle('Connect a wallet'),
    description: 'Connect your browser wallet to Hyper Tek.',
  },
  '/no-item-profile': PROFILE,
  '/no-personal-activity': ACTIVITY,
  '/console': {
    title: pageTitle('Release console'),
    description: "Staff only: each remote's releases, field data and canary judge.",
  },
  '/stripe-payment': { title: pageTitle('Card payment'), description: 'Pay by card.' },
  '/payment': { title: pageTitle('Payment'), description: 'Pay for your item.' },
  '/offer': { title: pageTitle('Make an offer'), description: 'Make an offer on an item.' },
  '/success': { title: pageTitle('Payment received'), description: 'Your payment went through.' },
  '/error': { title: pageTitle('Payment failed'), description: 'Your payment did not go through.' },
  '/dashboard': { title: pageTitle('Dashboard'), description: 'Your Hyper Tek dashboard.' },
  '/testing': { title: pageTitle('Testing'), description: 'Payment testing.' },
};
