import { itemTitle, type CatalogueItem, type ItemKind } from '@hypertek/shared';
import { ITEM_CARD_ACTION, ItemCard } from '@hypertek/shared/ui';

/**
 * A collectible or land the user owns, with 'List Now' (which opens the profile's listing chain).
 * A listed item wears a 'Listed' chip, and its price is the listing's.
 */
export function OwnedItemCard({
  item,
  kind,
  onChoose,
}: {
  item: CatalogueItem;
  kind: ItemKind;
  /** 'List Now' was pressed (the item carries its shown title). */
  onChoose: (item: CatalogueItem) => void;
}) {
  const title = itemTitle(item, kind);
  return (
    <ItemCard
      as="li"
      item={item}
      kind={kind}
      action={
        <>
          {item.listed === true && <span className="ac-chip ac-listed-chip">Listed</span>}
          <button
            type="button"
            className={ITEM_CARD_ACTION}
            aria-label={`List Now: ${title}`}
            onClick={() => onChoose({ ...item, title })}
          >
            List Now
          </button>
        </>
      }
    />
  );
}
