import { Link } from 'react-router';

import { ItemArt } from '../../../components/item-art';

/** Static strip under every profile tab (SPEC §2): four 'Monkey ape' cards at $2000. */
const POPULAR = [1, 2, 3, 4].map((n) => ({
  key: `popular-${n}`,
  name: 'Monkey ape',
  code: 'No33',
  price: '$2000',
}));

export function PopularCollections() {
  return (
    <section className="ac-section" aria-labelledby="ac-popular-title">
      <div className="ac-section-head">
        <h2 id="ac-popular-title">Popular Collections</h2>
      </div>
      <ul className="grid grid-4 ac-cards">
        {POPULAR.map(({ key, name, code, price }) => (
          <li key={key} className="card item-card ac-item-card">
            <ItemArt seed={key} className="ac-item-art" />
            <h3>{name}</h3>
            <p className="ac-item-meta">
              <span className="muted">{code}</span>
              <span className="price">{price}</span>
            </p>
            <Link to="/market-place" className="btn btn-primary ac-card-btn">
              Buy Now
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
