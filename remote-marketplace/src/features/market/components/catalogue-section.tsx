import { Link } from 'react-router';

import { EmptyCollection } from '../../../components/empty-collection';
import { ItemCard } from '../../../components/item-card';
import { Loading } from '../../../components/loading';
import { PageSection } from '../../../components/page-section';
import type { ItemKind, WireItem } from '../../../lib/catalogue-item';

interface CatalogueSectionProps {
  title: string;
  kind: ItemKind;
  items: WireItem[];
  loading: boolean;
  /** The section's 'Explore All' / 'Expand All' link. */
  more: { label: string; to: string };
}

/** A titled grid of item cards on the marketplace home, with its own loading indicator. */
export function CatalogueSection({ title, kind, items, loading, more }: CatalogueSectionProps) {
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
        <Loading label={`Loading ${title}`} />
      ) : items.length === 0 ? (
        <EmptyCollection />
      ) : (
        <div className="grid grid-4 mp-grid">
          {items.map((item) => (
            <ItemCard key={item._id || item.id} item={item} kind={kind} />
          ))}
        </div>
      )}
    </PageSection>
  );
}
