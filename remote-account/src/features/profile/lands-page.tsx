import { CollectionGrid } from './components/collection-grid';
import { ProfileLayout } from './components/profile-layout';
import { userId } from './lib/display-name';

/** /Lands, the Land tab: the profile layout with the lands the user owns. */
export default function LandsPage() {
  return (
    <ProfileLayout title="Land">
      {(user) => (
        <CollectionGrid userId={userId(user)} walletAddress={user.WalletAddress} kind="land" />
      )}
    </ProfileLayout>
  );
}
