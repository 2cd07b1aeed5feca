import { ACTIVITY_ROWS, api, MESSAGES, useSession, type ActivityEntry } from '@hypertek/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';

import { ActivityTable } from '@hypertek/shared/ui';
import { Loading } from '../../components/loading';
import { MarketplacePage } from '../../components/marketplace-page';
import { PageSection } from '../../components/page-section';

/** /personal-activity: the signed-in user's activity, first 5 rows (SPEC §2, §5). */
export default function PersonalActivityPage() {
  const { user, isLoggedInUser } = useSession();
  const userId = user?._id;
  // Whose rows these are: the indicator shows until this user's call finishes, success or not.
  const [loaded, setLoaded] = useState<{ userId: string; rows: ActivityEntry[] } | null>(null);
  const loading = Boolean(userId) && loaded?.userId !== userId;
  const rows = loaded?.rows ?? [];

  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    api
      .getUserActivity(userId, { signal: controller.signal })
      .then((body) => setLoaded({ userId, rows: body.data.slice(0, ACTIVITY_ROWS) }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[hypertek] activity failed', error);
        setLoaded({ userId, rows: [] });
      });
    return () => controller.abort();
  }, [userId]);

  return (
    <MarketplacePage>
      <PageSection id="mp-activity-title" title="Activities" level={1}>
        {!isLoggedInUser ? (
          <div className="mp-notice">
            <p className="lead">{MESSAGES.loginFirst}</p>
            <Link className="btn btn-primary" to="/signin">
              Sign in
            </Link>
          </div>
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
