import { useSession } from '@hypertek/shared';
import { useLiveReads, useUserActivity } from '@hypertek/shared/data';
import { ActivityTable } from '@hypertek/shared/ui';

import { Loading } from '../../components/loading';
import { MarketplacePage } from '../../components/marketplace-page';
import { PageSection } from '../../components/page-section';
import { SignInFirst } from '../../components/sign-in-first';

/** /personal-activity: the signed-in user's activity, first 5 rows, read again on market events. */
export default function PersonalActivityPage() {
  const { user, isLoggedInUser } = useSession();
  // Loading until this user's call settles, success or not; a failure leaves the table empty.
  const entries = useUserActivity(user?._id);
  useLiveReads(user?._id ? [['activity', user._id]] : []);
  const loading = Boolean(user?._id) && entries === null;
  const rows = entries ?? [];

  return (
    <MarketplacePage>
      <PageSection id="mp-activity-title" title="Activities" level={1}>
        {!isLoggedInUser ? (
          <SignInFirst />
        ) : loading ? (
          <Loading label="Loading activity" />
        ) : (
          <>
            <ActivityTable rows={rows} caption="Your activity" />
            {rows.length === 0 && <p className="muted mp-note">No activity yet.</p>}
          </>
        )}
      </PageSection>
    </MarketplacePage>
  );
}
