import { useSession, type User } from '@hypertek/shared';
import { eventsOf, useLiveReads } from '@hypertek/shared/data';
import type { ReactNode } from 'react';

import '../../../styles/profile.css';
import { LoginFirst } from './login-first';
import { PopularCollections } from './popular-collections';
import { ProfileHero } from './profile-hero';
import { ProfileTabs } from './profile-tabs';
import { userId } from '../lib/display-name';
import { marketKeys } from '../lib/market-reads';

/** What can change a user's items and listings: a listing's life, a sale, a transfer, a reservation. */
const CHANGES_LISTINGS = eventsOf('listing.', 'item.', 'offer.accepted', 'reservation.lapsed');

/**
 * The frame of every profile tab: hero, tabs, the tab's content, Popular Collections. Signed-out
 * visitors see 'Please Login first!' instead. Live: the user's items (their 'Listed' chips) and
 * listings (the Listing tab) are read again when the market's listings or owners change.
 */
export function ProfileLayout({
  title,
  children,
}: {
  /** The name of the tab's region for assistive technology (the tabs show it). */
  title: string;
  children: (user: User) => ReactNode;
}) {
  const { user, isLoggedInUser } = useSession();
  const id = isLoggedInUser && user ? userId(user) : null;
  useLiveReads(
    id === null ? [] : [marketKeys.collection(id), marketKeys.listings(id)],
    CHANGES_LISTINGS,
  );
  if (!isLoggedInUser || !user) return <LoginFirst />;
  return (
    <div className="ac-profile">
      <ProfileHero user={user} />
      <div className="container">
        <ProfileTabs />
        <section className="ac-section ac-tab-panel" aria-label={title}>
          {children(user)}
        </section>
        <PopularCollections />
      </div>
    </div>
  );
}
