import { ITEM_CARD_ACTION, ItemCard } from '@hypertek/shared/ui';
import { Link } from 'react-router';

/** The static strip under every profile tab: four 'Monkey ape' cards, 'No33', $2000, 'Buy Now'. */
const POPULAR = [1, 2, 3, 4].map((n) => ({
  _id: `popular-${n}`,
  title: 'Monkey ape',
  serialNumber: 'No33',
  price: 2000,
}));

export function PopularCollections() {
  return (
    <section className="ac-section" aria-labelledby="ac-popular-title">
      <div className="ac-section-head">
        <h2 id="ac-popular-title">Popular Collections</h2>
      </div>
      <ul className="grid grid-4 ac-cards">
        {POPULAR.map((item) => (
          <ItemCard
            key={item._id}
            as="li"
            item={item}
            kind="nfa"
            priceText="$2000"
            action={
              <Link to="/market-place" className={ITEM_CARD_ACTION}>
                Buy Now
              </Link>
            }
          />
        ))}
      </ul>
    </section>
  );
}
