import { api } from '@hypertek/shared';

import { CollectionGrid } from './components/collection-grid';
import { ProfileLayout } from './components/profile-layout';

const loadLand = (signal: AbortSignal) => api.getLand({}, { signal });

/** /Lands, the Land tab (SPEC §2): the profile layout with the first 4 lands. */
export default function LandsPage() {
  return (
    <ProfileLayout title="Land">
      {() => <CollectionGrid request={loadLand} kind="land" />}
    </ProfileLayout>
  );
}
