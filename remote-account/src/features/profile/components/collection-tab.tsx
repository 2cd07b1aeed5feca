import type { ItemKind } from '@hypertek/shared';

import { userId } from '../lib/display-name';
import { CollectionGrid } from './collection-grid';
import { ProfileLayout } from './profile-layout';

/** A tab of the profile that shows the user's own items of one kind (its title the tab's name). */
export function CollectionTab({ title, kind }: { title: string; kind: ItemKind }) {
  return (
    <ProfileLayout title={title}>
      {(user) => (
        <CollectionGrid userId={userId(user)} walletAddress={user.WalletAddress} kind={kind} />
      )}
    </ProfileLayout>
  );
}
