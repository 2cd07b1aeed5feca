import { Link } from 'react-router';

/** Shown when a checkout page was opened with no item in navigation state or storage. */
export function MissingItem() {
  return (
    <div className="card co-missing" role="status">
      <h2>No item selected</h2>
      <p className="muted">
        Pick an item in the marketplace first; its Buy buttons bring you back here with it.
      </p>
      <Link className="btn btn-primary" to="/market-place">
        Browse the MarketPlace
      </Link>
    </div>
  );
}
