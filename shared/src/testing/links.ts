/** The links of a navigation or a list, as a test reads them. */
import { within } from '@testing-library/react';

/** The links inside `container`, in order, each as [its text, its href]. */
export function linkTargets(container: HTMLElement): [string | null, string | null][] {
  return within(container)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}
