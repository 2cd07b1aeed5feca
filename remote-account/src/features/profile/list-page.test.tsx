import { serveApi } from '@hypertek/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderAt } from '../../test/render';
import { signInAs } from '../../test/session';
import { cellLabels, cellText } from '../../test/tables';
import ListPage from './list-page';

function renderList() {
  serveApi({});
  signInAs();
  renderAt('/List', { '/List': <ListPage /> });
  return userEvent.setup();
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` });

describe('/List (Listing tab)', () => {
  it('lists the sample listings: Listing, Status, Price, Floor, Qty and a checkbox', () => {
    renderList();

    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map(cellText)).toEqual([
      'Listing',
      'Status',
      'Price',
      'Floor',
      'Qty',
      'Select all',
    ]);
    expect(rows).toHaveLength(6);
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('Neon Ronin #0217');
    expect(within(rows[1]!).getAllByRole('cell').map(cellText)).toEqual([
      'Active',
      '$1,250',
      '$1,100',
      '1',
      '',
    ]);
    expect(screen.queryAllByRole('checkbox', { checked: true })).toEqual([]);
    expect(screen.queryByRole('button', { name: /^Cancel \d/ })).not.toBeInTheDocument();
  });

  it('gives each cell its column name for the phone layout (one card per row), with Select all above', () => {
    renderList();

    const [head, first] = within(screen.getByRole('table')).getAllByRole('row');
    expect(cellLabels(first!)).toEqual(['Status', 'Price', 'Floor', 'Qty', 'Select']);
    expect(within(head!).getByRole('checkbox', { name: 'Select all listings' })).toBeVisible();
    expect(within(head!).getByText('Select all')).toBeInTheDocument();
    // 'Active' whole, in its own chip.
    expect(within(first!).getByText('Active')).toHaveClass('ui-table-chip');
  });

  it("offers 'Cancel N Listing(s)' for the checked rows; checking again unchecks", async () => {
    const user = renderList();

    await user.click(checkbox('Neon Ronin #0217'));
    expect(screen.getByRole('button', { name: 'Cancel 1 Listing(s)' })).toBeInTheDocument();

    await user.click(checkbox('Quantum Courier #0042'));
    expect(screen.getByRole('button', { name: 'Cancel 2 Listing(s)' })).toBeInTheDocument();

    await user.click(checkbox('Neon Ronin #0217'));
    expect(checkbox('Neon Ronin #0217')).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Cancel 1 Listing(s)' })).toBeInTheDocument();
  });

  it("opens 'Cancel Listing' with the total price; Close keeps the checks", async () => {
    const user = renderList();
    await user.click(checkbox('Quantum Courier #0042'));
    await user.click(checkbox('Chrome Seraph #1180'));
    await user.click(screen.getByRole('button', { name: 'Cancel 2 Listing(s)' }));

    const dialog = within(screen.getByRole('dialog', { name: 'Cancel Listing' }));
    expect(dialog.getByTestId('cancel-total')).toHaveTextContent('$1,280.50');
    expect(dialog.getByText('Quantum Courier #0042')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(checkbox('Quantum Courier #0042')).toBeChecked();
    expect(checkbox('Chrome Seraph #1180')).toBeChecked();
  });

  it('Confirm clears the checks and the cancel button', async () => {
    const user = renderList();
    await user.click(screen.getByRole('checkbox', { name: 'Select all listings' }));
    await user.click(screen.getByRole('button', { name: 'Cancel 5 Listing(s)' }));

    expect(screen.getByTestId('cancel-total')).toHaveTextContent('$7,730.50');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryAllByRole('checkbox', { checked: true })).toEqual([]);
    expect(screen.queryByRole('button', { name: /^Cancel \d/ })).not.toBeInTheDocument();
  });

  it('closes the dialog with Escape and moves focus into it when it opens', async () => {
    const user = renderList();
    await user.click(checkbox('Void Parcel 12-B'));
    await user.click(screen.getByRole('button', { name: 'Cancel 1 Listing(s)' }));

    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(checkbox('Void Parcel 12-B')).toBeChecked();
  });
});
