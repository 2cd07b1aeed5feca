/** Reading tables as a user does. */

/** A cell's text as it is read out: without what is hidden from assistive technology. */
export function cellText(cell: Element): string {
  const copy = cell.cloneNode(true) as Element;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((node) => node.remove());
  return copy.textContent;
}

/** The column labels a stacked card shows beside the cells of `row` (its `data-label`s). */
export const cellLabels = (row: Element): string[] =>
  [...row.querySelectorAll<HTMLElement>('[data-label]')].map((cell) => cell.dataset.label ?? '');
