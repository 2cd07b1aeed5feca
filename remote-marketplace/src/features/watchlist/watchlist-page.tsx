import '../../styles/watchlist.css';

import { Link } from 'react-router';

import { Loading } from '../../components/loading';
import { MarketplacePage } from '../../components/marketplace-page';
import { PageSection } from '../../components/page-section';
import { ShowMore } from '../../components/show-more';
import { SignInFirst } from '../../components/sign-in-first';
import { useViewerId } from '../../hooks/use-watch';
import { WatchedRow } from './components/watched-row';
import { useWatchlist } from './use-watchlist';

/** The signed-in user's watched items, or what stands instead (loading, a failure, none). */
function Watchlist({ userId }: { userId: string }) {
  const list = useWatchlist(userId);
  if (list.status === 'loading') return <Loading label="Loading your watchlist" />;
  if (list.status === 'error') {
    return (
      <div className="mp-notice">
        <p role="alert">Your watchlist could not be loaded right now.</p>
        <button type="button" className="btn btn-ghost" onClick={list.retry}>
          Try again
        </button>
      </div>
    );
  }
  if (list.items.length === 0) {
    return (
      <div className="mp-notice">
        <p className="lead">Your watchlist is empty.</p>
        <p className="muted">
          Press the star on an item to watch it, and set a price to be told when it is listed at or
          below it.
        </p>
        <Link className="btn btn-primary" to="/market-place">
          Browse the marketplace
        </Link>
      </div>
    );
  }
  return (
    <>
      <p className="muted" role="status">
        {list.total === 1 ? '1 item watched' : `${String(list.total)} items watched`} (at most{' '}
        {list.max})
      </p>
      <ul className="mp-watchlist" aria-label="Watched items">
        {list.items.map((item) => (
          <WatchedRow key={item.itemId} item={item} onUnwatch={list.unwatch} />
        ))}
      </ul>
      {list.hasMore && (
        <ShowMore
          loading={list.loadingMore}
          failed={list.moreFailed}
          failedText="More watched items could not be loaded."
          onMore={list.showMore}
        />
      )}
    </>
  );
}

/**
 * /watchlist (docs/product.md, "Watchlist"): the items the signed-in user watches, newest first,
 * each with its picture, name (to its page), price and listing now, owner, alert price and
 * 'Unwatch'; 20 at a time, 'Show more' for the next. None: a way to the market. Signed out:
 * 'Please Login first!' and a way to sign in, as the other pages of one's own.
 */
export default function WatchlistPage() {
  const userId = useViewerId();
  return (
    <MarketplacePage>
      <PageSection
        id="mp-watchlist-title"
        title="Watchlist"
        level={1}
        intro="The items you keep an eye on, newest first."
      >
        {userId === null ? <SignInFirst /> : <Watchlist userId={userId} />}
      </PageSection>
    </MarketplacePage>
  );
}
