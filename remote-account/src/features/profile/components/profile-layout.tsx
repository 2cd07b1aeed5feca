import { useSession, type User } from '@hypertek/shared';
import type { ReactNode } from 'react';

import '../../../styles/profile.css';
import { LoginFirst } from './login-first';
import { PopularCollections } from './popular-collections';
import { ProfileHero } from './profile-hero';
import { ProfileTabs } from './profile-tabs';

/**
 * The frame of every profile tab: hero, tabs, the tab's content, Popular Collections. Signed-out
 * visitors see 'Please Login first!' instead.
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
