import { useUserActivity } from '@hypertek/shared/data';
import { ActivityTable } from '@hypertek/shared/ui';

import { LoadingStatus } from '../../../components/loading-status';
import { EmptyState } from './empty-state';

/** The user's last 5 activity entries, or 'No activity yet' with a way to the collection. */
export function UserActivity({ userId }: { userId: string }) {
  const entries = useUserActivity(userId);
  if (!entries) {
    return <LoadingStatus />;
  }
  if (entries.length === 0) {
    return (
      <EmptyState title="No activity yet" heading="h2">
        Your trades will show up here.
      </EmptyState>
    );
  }
  return <ActivityTable rows={entries} caption="Your latest activity" />;
}
