import { CollectionTab } from './components/collection-tab';

/** /Profile, the Collectible tab: the NFAs the user owns, 4 cards with 'List Now' (and 'Listed'). */
export default function ProfilePage() {
  return <CollectionTab title="Collectible" kind="nfa" />;
}
