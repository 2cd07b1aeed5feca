import { ACTIVITY_ROWS, api, type ActivityEntry, type ListResponse } from '@hypertek/shared';
import { useCallback } from 'react';

import { LoadingStatus } from '../../../components/loading-status';
import { useFirstItems } from '../hooks/use-first-items';
import { ActivityTable } from '@hypertek/shared/ui';
import { EmptyState } from './empty-state';

/** The user's last 5 activity entries (`GET /activity/{userId}`, SPEC §7). */
export function UserActivity({ userId }: { userId: string }) {
  const request = useCallback(
    (signal: AbortSignal) =>
      api.getUserActivity(userId, { signal }) as Promise<
        ListResponse<ActivityEntry> | ActivityEntry[]
      >,
    [userId],
  );
  const entries = useFirstItems(request, ACTIVITY_ROWS);
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
