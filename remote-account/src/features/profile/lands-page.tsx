import { CollectionTab } from './components/collection-tab';

/** /Lands, the Land tab: the profile layout with the lands the user owns. */
export default function LandsPage() {
  return <CollectionTab title="Land" kind="land" />;
}
