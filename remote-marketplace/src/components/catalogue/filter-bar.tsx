import {
  CATALOGUE_SORT_LABELS,
  CATALOGUE_SORTS,
  type CatalogueFilter,
  type ItemKind,
} from '@hypertek/shared';
import { useId, useState, type SyntheticEvent } from 'react';

import {
  activeFilterCount,
  ATTRIBUTE_FILTERS,
  checkPriceRange,
  withoutFilters,
  type PriceField,
} from './catalogue-url';

/** The sort option of the list's own order (no `sort` in the URL). */
export const DEFAULT_SORT_LABEL = 'Catalogue order';

const priceText = (value: number | undefined) => (value === undefined ? '' : String(value));

/**
 * The price range, typed freely and applied by 'Apply' (or Enter): prices are dollars, 0 or more,
 * the minimum not above the maximum; a wrong value is named under the fields and nothing changes.
 */
function PriceRange({
  filter,
  onChange,
}: {
  filter: CatalogueFilter;
  onChange: (filter: CatalogueFilter) => void;
}) {
  const id = useId();
  const [min, setMin] = useState(priceText(filter.min));
  const [max, setMax] = useState(priceText(filter.max));
  const [problem, setProblem] = useState<{ field: PriceField; message: string } | null>(null);
  // The URL's range changed (Apply, 'Clear filters', Back): the fields show it.
  const range = `${priceText(filter.min)}-${priceText(filter.max)}`;
  const [shown, setShown] = useState(range);
  if (shown !== range) {
    setShown(range);
    setMin(priceText(filter.min));
    setMax(priceText(filter.max));
    setProblem(null);
  }

  const apply = (event: SyntheticEvent) => {
    event.preventDefault();
    const typed = checkPriceRange(min, max);
    if (!typed.ok) {
      setProblem({ field: typed.field, message: typed.message });
      return;
    }
    setProblem(null);
    if (typed.min !== filter.min || typed.max !== filter.max)
      onChange({ ...filter, min: typed.min, max: typed.max });
  };

  const field = (name: PriceField, label: string, value: string, set: (v: string) => void) => (
    <label className="mp-field mp-field-price" htmlFor={`${id}-${name}`}>
      <span>{label}</span>
      <input
        id={`${id}-${name}`}
        name={name}
        className="input"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder={name === 'min' ? '0' : 'Any'}
        value={value}
        onChange={(event) => set(event.target.value)}
        aria-invalid={problem?.field === name || undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
      />
    </label>
  );

  return (
    <form className="mp-price-form" onSubmit={apply} noValidate>
      <fieldset className="mp-fieldset">
        <legend>Price (USD)</legend>
        <div className="mp-price-fields">
          {field('min', 'Min', min, setMin)}
          {field('max', 'Max', max, setMax)}
          <button type="submit" className="btn btn-ghost mp-apply">
            Apply
          </button>
        </div>
        {problem && (
          <p id={`${id}-problem`} className="mp-field-problem" role="alert">
            {problem.message}
          </p>
        )}
      </fieldset>
    </form>
  );
}

/**
 * The list's sort and filters: the sort, a price range and the attributes of the kind (rarity and
 * category for NFAs, region and size for lands). Every change goes to the URL at once (the price
 * range by 'Apply'); the page lists what the URL says. On a phone the filters fold under a
 * 'Filters' button next to the sort, so the cards stay near the top.
 */
export function FilterBar({
  kind,
  filter,
  onChange,
  label,
}: {
  kind: ItemKind;
  filter: CatalogueFilter;
  onChange: (filter: CatalogueFilter) => void;
  /** What the bar filters, for its landmark: 'Sort and filter lands'. */
  label: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const active = activeFilterCount(filter);

  return (
    <div className={`mp-filters${open ? ' is-open' : ''}`} role="search" aria-label={label}>
      <div className="mp-filters-top">
        <label className="mp-field" htmlFor={`${id}-sort`}>
          <span>Sort by</span>
          <select
            className="input"
            id={`${id}-sort`}
            value={filter.sort ?? ''}
            onChange={(event) =>
              onChange({
                ...filter,
                sort: CATALOGUE_SORTS.find((sort) => sort === event.target.value),
              })
            }
          >
            <option value="">{DEFAULT_SORT_LABEL}</option>
            {CATALOGUE_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {CATALOGUE_SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn btn-ghost mp-filters-toggle"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen((value) => !value)}
        >
          Filters{active > 0 ? ` (${active})` : ''}
        </button>
      </div>
      <div id={`${id}-panel`} className="mp-filters-panel">
        <PriceRange filter={filter} onChange={onChange} />
        <fieldset className="mp-fieldset">
          <legend>{kind === 'nfa' ? 'Rarity and category' : 'Region and size'}</legend>
          <div className="mp-attribute-fields">
            {ATTRIBUTE_FILTERS[kind].map((attribute) => (
              <label key={attribute.name} className="mp-field" htmlFor={`${id}-${attribute.name}`}>
                <span>{attribute.label}</span>
                <select
                  className="input"
                  id={`${id}-${attribute.name}`}
                  value={filter[attribute.name] ?? ''}
                  onChange={(event) =>
                    onChange({
                      ...filter,
                      [attribute.name]: (attribute.values as readonly string[]).find(
                        (value) => value === event.target.value,
                      ),
                    })
                  }
                >
                  <option value="">{attribute.any}</option>
                  {attribute.values.map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </div>
        </fieldset>
        {active > 0 && (
          <button
            type="button"
            className="btn btn-ghost mp-clear"
            onClick={() => onChange(withoutFilters(filter))}
          >
            Clear filters
          </button>
        )}
      </div>
    </div>
  );
}
