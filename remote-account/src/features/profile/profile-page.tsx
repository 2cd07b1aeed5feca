import { CollectionGrid } from './components/collection-grid';
import { ProfileLayout } from './components/profile-layout';
import { userId } from './lib/display-name';

/** /Profile, the Collectible tab: the NFAs the user owns, 4 cards with 'List Now' (and 'Listed'). */
export default function ProfilePage() {
  return (
    <ProfileLayout title="Collectible">
      {(user) => (
        <CollectionGrid userId={userId(user)} walletAddress={user.WalletAddress} kind="nfa" />
      )}
    </ProfileLayout>
  );
}
