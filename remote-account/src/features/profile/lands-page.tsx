import { CollectionGrid } from './components/collection-grid';
import { ProfileLayout } from './components/profile-layout';
import { userId } from './lib/display-name';

/** /Lands, the Land tab (SPEC §2): the profile layout with the lands the user owns. */
export default function LandsPage() {
  return (
    <ProfileLayout title="Land">
      {(user) => <CollectionGrid userId={userId(user)} kind="land" />}
    </ProfileLayout>
  );
}
