import { serveApi } from '@hypertek/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { makeItem, makeItems } from '../../test/fixtures';
import { prepareBrowsing } from '../../test/browsing';
import { list } from '../../test/http';
import { renderPage } from '../../test/render';
import LandPage, { LAND_PAGE_SIZE } from './land-page';

const open = (url: string) => renderPage(<LandPage />, { path: '/land', url });
const bar = () => within(screen.getByRole('search', { name: 'Sort and filter lands' }));
const address = () => screen.getByTestId('address').textContent;
const cursorOf = (params: Record<string, unknown>) => params.cursor;

prepareBrowsing();

describe('the URL state of /land', () => {
  it('URL → controls → API query → URL: a shared link shows its view, and a change writes a new one', async () => {
    const sent = serveApi({
      'GET /land/getland': (request) =>
        cursorOf(request.params) === undefined
          ? list([makeItem('land', 7), makeItem('land', 3)], 'next')
          : list([], null),
    });
    // An unknown sort value is left out, and so is an NFA attribute on /land.
    open('/land?sort=price_asc&min=500&region=Neon+Basin&rarity=Rare&max=abc');
    await screen.findByText('Showing 2 lands');
    expect(bar().getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_asc');
    expect(bar().getByRole('textbox', { name: 'Min' })).toHaveValue('500');
    expect(bar().getByRole('textbox', { name: 'Max' })).toHaveValue('');
    expect(bar().getByRole('combobox', { name: 'Region' })).toHaveValue('Neon Basin');
    expect(bar().getByRole('combobox', { name: 'Size' })).toHaveValue('');
    expect(sent[0]!.params).toEqual({
      sort: 'price_asc',
      min: 500,
      region: 'Neon Basin',
      limit: LAND_PAGE_SIZE,
    });
    // The order is the server's: the page shows the lands as they came.
    expect(
      screen.getAllByRole('link', { name: /^Buy Now/ }).map((l) => l.getAttribute('href')),
    ).toEqual(['/buy-land?id=land-7', '/buy-land?id=land-3']);

    await userEvent.selectOptions(bar().getByRole('combobox', { name: 'Size' }), 'Large');
    await waitFor(() =>
      expect(address()).toBe('/land?sort=price_asc&min=500&region=Neon+Basin&size=Large'),
    );
    // A new view starts from its first page: no cursor of the old one.
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.params).toEqual({
      sort: 'price_asc',
      min: 500,
      region: 'Neon Basin',
      size: 'Large',
      limit: LAND_PAGE_SIZE,
    });
    // The control just used keeps the focus.
    expect(bar().getByRole('combobox', { name: 'Size' })).toHaveFocus();

    await userEvent.selectOptions(bar().getByRole('combobox', { name: 'Sort by' }), 'Newest');
    await waitFor(() =>
      expect(address()).toBe('/land?sort=newest&min=500&region=Neon+Basin&size=Large'),
    );
    await userEvent.selectOptions(
      bar().getByRole('combobox', { name: 'Sort by' }),
      'Catalogue order',
    );
    await waitFor(() => expect(address()).toBe('/land?min=500&region=Neon+Basin&size=Large'));
  });

  it('applies a price range on Apply, and names a wrong one under the fields without changing the view', async () => {
    const sent = serveApi({ 'GET /land/getland': list(makeItems('land', 2)) });
    open('/land');
    await screen.findByText('Showing all 2 lands');
    const min = bar().getByRole('textbox', { name: 'Min' });
    const max = bar().getByRole('textbox', { name: 'Max' });

    await userEvent.type(min, '900');
    await userEvent.type(max, '100');
    await userEvent.click(bar().getByRole('button', { name: 'Apply' }));
    expect(bar().getByRole('alert')).toHaveTextContent(
      'The minimum price must not be more than the maximum.',
    );
    expect(min).toHaveAttribute('aria-invalid', 'true');
    expect(min).toHaveAccessibleDescription('The minimum price must not be more than the maximum.');
    expect(address()).toBe('/land');

    await userEvent.clear(min);
    await userEvent.type(min, '-5{Enter}');
    expect(bar().getByRole('alert')).toHaveTextContent('Enter a price of 0 or more, in dollars.');
    expect(address()).toBe('/land');
    expect(sent).toHaveLength(1);

    await userEvent.clear(min);
    await userEvent.type(min, '50{Enter}');
    await waitFor(() => expect(address()).toBe('/land?min=50&max=100'));
    expect(bar().queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.params).toEqual({ min: 50, max: 100, limit: LAND_PAGE_SIZE });
  });

  it("says when no land matches, and 'Clear filters' shows the list again (the sort stays)", async () => {
    const sent = serveApi({
      'GET /land/getland': (request) =>
        request.params.region ? list([]) : list(makeItems('land', 3)),
    });
    open('/land?sort=title&region=Ion+Marsh&max=10');
    expect(await screen.findByText('No items match these filters')).toBeInTheDocument();
    // The product's empty collection is for a catalogue with nothing in it, not for a narrow filter.
    expect(screen.queryByText('No Items')).not.toBeInTheDocument();
    expect(bar().getByRole('button', { name: 'Filters (2)' })).toBeInTheDocument();

    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    await userEvent.click(clear[clear.length - 1]!);
    await waitFor(() => expect(address()).toBe('/land?sort=title'));
    await screen.findByText('Showing all 3 lands');
    expect(sent.at(-1)!.params).toEqual({ sort: 'title', limit: LAND_PAGE_SIZE });
    expect(bar().getByRole('button', { name: 'Filters' })).toBeInTheDocument();
    expect(bar().queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('folds the filters under a button that says whether they are shown', async () => {
    serveApi({ 'GET /land/getland': list(makeItems('land', 1)) });
    open('/land');
    const toggle = bar().getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(panel).getByRole('group', { name: 'Price (USD)' })).toBeInTheDocument();
    expect(within(panel).getByRole('group', { name: 'Region and size' })).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await screen.findByText('Showing 1 land');
  });
});
