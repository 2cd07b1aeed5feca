import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';

import { renderAt } from './render';

/** Types each value into the field with that label (empty values are skipped), then clicks `button`. */
export async function fillAndSubmit(fields: Record<string, string>, button: string) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(fields)) {
    if (value) await user.type(screen.getByLabelText(label), value);
  }
  await user.click(screen.getByRole('button', { name: button }));
  return user;
}

/**
 * Renders `page` alone at `at` (its route `route`: `at` unless it has a parameter), fills its
 * form with `fields` and clicks `button`; gives back the rendered page and the user.
 */
export async function openAndSubmit(
  at: string,
  page: ReactElement,
  fields: Record<string, string>,
  button: string,
  route = at,
) {
  const view = renderAt(at, { [route]: page });
  const user = await fillAndSubmit(fields, button);
  return { ...view, user };
}

/**
 * A form the page refuses before sending anything: the message toasted once and shown as the
 * form's alert, the field marked invalid, no request.
 */
export function expectRefusedBeforeSending(
  toasts: readonly unknown[],
  sent: readonly unknown[],
  message: string,
  field: string,
) {
  expect(toasts).toEqual([{ kind: 'error', message }]);
  expect(screen.getByRole('alert')).toHaveTextContent(message);
  expect(screen.getByLabelText(field)).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);
}
