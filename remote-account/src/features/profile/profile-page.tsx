import { api } from '@hypertek/shared';

import { CollectionGrid } from './components/collection-grid';
import { ProfileLayout } from './components/profile-layout';

const loadMarket = (signal: AbortSignal) => api.getMarket({}, { signal });

/** /Profile, the Collectible tab (SPEC §2): the first 4 market items with 'List Now'. */
export default function ProfilePage() {
  return (
    <ProfileLayout title="Collectible">
      {() => <CollectionGrid request={loadMarket} kind="nfa" />}
    </ProfileLayout>
  );
}
