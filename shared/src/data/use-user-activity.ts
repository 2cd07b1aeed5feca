import { ACTIVITY_ROWS, api, type ActivityEntry } from '@hypertek/shared';
import { useList } from './use-list';

/**
 * A user's latest activity entries (`GET /activity/{userId}`, the first ACTIVITY_ROWS): null until
 * the call settles, empty when it fails (logged). One read for every app that shows it (the
 * profile's Activities tab, the marketplace's /personal-activity). Waits while there is no user.
 */
export function useUserActivity(userId: string | undefined): ActivityEntry[] | null {
  return useList<ActivityEntry>(
    ['activity', userId],
    (signal) => api.getUserActivity(userId ?? '', { signal }),
    { count: ACTIVITY_ROWS, enabled: Boolean(userId) },
  );
}
