import { ProfileLayout } from './components/profile-layout';
import { UserActivity } from './components/user-activity';
import { userId } from './lib/display-name';

/** /Activity, the Activities tab: the activity table, 5 rows. */
export default function ActivityPage() {
  return (
    <ProfileLayout title="Activities">
      {(user) => <UserActivity userId={userId(user)} />}
    </ProfileLayout>
  );
}
