import type { ItemKind, WireItem } from '@hypertek/shared';
import { Link } from 'react-router';

import { CardGridSkeleton } from '../../../components/card-grid-skeleton';
import { EmptyCollection } from '../../../components/empty-collection';
import { BuyCard } from '../../../components/buy-card';
import { PageSection } from '../../../components/page-section';

interface CatalogueSectionProps {
  title: string;
  kind: ItemKind;
  items: WireItem[];
  loading: boolean;
  /** The section's 'Explore All' / 'Expand All' link. */
  more: { label: string; to: string };
  /** Placeholders shown while loading: as many cards as the section asks for. */
  skeletonCount: number;
}

/** A titled grid of item cards on the marketplace home, with its own loading indicator. */
export function CatalogueSection({
  title,
  kind,
  items,
  loading,
  more,
  skeletonCount,
}: CatalogueSectionProps) {
  return (
    <PageSection
      id={`mp-section-${kind}`}
      title={title}
      action={
        <Link className="mp-more" to={more.to}>
          {more.label} <span aria-hidden="true">→</span>
        </Link>
      }
    >
      {loading ? (
        <CardGridSkeleton label={`Loading ${title}`} count={skeletonCount} />
      ) : items.length === 0 ? (
        <EmptyCollection />
      ) : (
        <div className="grid grid-4 mp-grid">
          {items.map((item) => (
            <BuyCard key={item._id || item.id} item={item} kind={kind} />
          ))}
        </div>
      )}
    </PageSection>
  );
}
