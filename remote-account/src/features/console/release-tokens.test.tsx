import type { ReleaseToken } from '@hypertek/shared';
import { serveApi, type SentRequest } from '@hypertek/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderAt } from '../../test/render';
import { signInAs } from '../../test/session';
import { ReleaseTokens } from './release-tokens';

const SECRET = 'htr_3mV0p9QwXb1sK8yZr2TqLc5Nh7Jd4Fg6Ae0Ui9Oo1Pa';

const token = (overrides: Partial<ReleaseToken> = {}): ReleaseToken => ({
  id: '0c5f2a8e-6b1d-4f3a-9c7e-2d4b6a8c0e1f',
  name: 'marketing-ci',
  remote: 'marketing',
  hint: 'htr_3mV0',
  createdBy: 'Mara Lind',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: '2026-11-21T08:30:00.000Z',
  revokedAt: null,
  ...overrides,
});

/** The API's token routes: the list (and the remotes of the role), making and revoking. */
function serveTokens(tokens: ReleaseToken[], remotes: string[] = ['marketing']): SentRequest[] {
  return serveApi({
    // Copies: each answer is new, as over the wire.
    'GET /releases/tokens': () => ({
      data: { success: true, data: tokens.map((t) => ({ ...t })), remotes },
    }),
    'POST /releases/tokens': (request) => {
      const { name, remote } = request.body as { name: string; remote: ReleaseToken['remote'] };
      const made = token({ id: '9e1d', name, remote, lastUsedAt: null });
      tokens.unshift(made);
      return { status: 201, data: { success: true, data: { ...made, secret: SECRET } } };
    },
    'DELETE /releases/tokens/*': (request) => {
      const found = tokens.find((t) => request.path.endsWith(t.id));
      if (!found) return { status: 404, data: { success: false, message: 'No such token.' } };
      found.revokedAt = '2026-11-22T09:00:00.000Z';
      return { data: { success: true, data: found } };
    },
  });
}

const openTokens = () => renderAt('/console', { '/console': <ReleaseTokens /> });
const tokensTable = () => screen.findByRole('table', { name: 'Release tokens, newest first' });

describe('the release tokens of the console', () => {
  it("lists the team's tokens: name, remote, created by whom, last used, revoked", async () => {
    signInAs();
    serveTokens([
      token(),
      token({
        id: '5a7b',
        name: 'old-pipeline',
        lastUsedAt: null,
        revokedAt: '2026-11-21T12:00:00.000Z',
      }),
    ]);
    openTokens();
    const table = await tokensTable();
    const live = within(table).getByRole('row', { name: /marketing-ci/ });
    for (const text of [
      'marketing',
      'htr_3mV0…',
      '20 Nov 2026, 10:00 UTC by Mara Lind',
      '21 Nov 2026, 08:30 UTC',
    ])
      expect(within(live).getByText(text)).toBeInTheDocument();
    expect(within(live).getByRole('button', { name: 'Revoke marketing-ci' })).toBeInTheDocument();
    const revoked = within(table).getByRole('row', { name: /old-pipeline/ });
    expect(within(revoked).getByText('never')).toBeInTheDocument();
    expect(within(revoked).getByText('revoked 21 Nov 2026, 12:00 UTC')).toBeInTheDocument();
    expect(within(revoked).queryByRole('button')).not.toBeInTheDocument();
  });

  it('makes a token for a remote of the role, and shows its secret once, with a copy button', async () => {
    const user = userEvent.setup();
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    signInAs();
    const sent = serveTokens([], ['checkout']);
    openTokens();
    expect(await screen.findByText('No release token yet.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Make a release token' });
    // Only the remotes the role may act on.
    const remote = within(form).getByRole('combobox', { name: 'Remote' });
    expect(within(remote).getAllByRole('option').map((o) => o.textContent)).toEqual(['checkout']);
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'checkout-ci');
    await user.click(within(form).getByRole('button', { name: 'Make the token' }));

    const made = await screen.findByRole('region', { name: 'Token “checkout-ci” for checkout' });
    expect(within(made).getByRole('alert')).toHaveTextContent(
      'Copy it now: it will not be shown again.',
    );
    expect(within(made).getByLabelText("The token's secret")).toHaveTextContent(SECRET);
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'checkout-ci',
      remote: 'checkout',
    });
    await user.click(within(made).getByRole('button', { name: 'Copy the token' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(within(made).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();

    // The list follows; once put away, the secret is nowhere on the page.
    const table = await tokensTable();
    expect(within(table).getByRole('row', { name: /checkout-ci/ })).toHaveTextContent('never');
    await user.click(within(made).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Make a release token' })).toBeInTheDocument();
  });

  it("shows the API's refusal of a token in its words", async () => {
    const user = userEvent.setup();
    signInAs();
    const reason = 'The marketing role may act on marketing only, not on checkout.';
    serveApi({
      'GET /releases/tokens': { data: { success: true, data: [], remotes: ['marketing'] } },
      'POST /releases/tokens': { status: 403, data: { success: false, message: reason } },
    });
    openTokens();
    const form = await screen.findByRole('form', { name: 'Make a release token' });
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'marketing-ci');
    await user.click(within(form).getByRole('button', { name: 'Make the token' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(reason);
    expect(screen.queryByText(/will not be shown again/)).not.toBeInTheDocument();
  });

  it('asks for a name before sending anything', async () => {
    const user = userEvent.setup();
    signInAs();
    const sent = serveTokens([]);
    openTokens();
    const form = await screen.findByRole('form', { name: 'Make a release token' });
    await user.click(within(form).getByRole('button', { name: 'Make the token' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Name the token');
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('revokes a token once confirmed', async () => {
    const user = userEvent.setup();
    signInAs();
    const sent = serveTokens([token()]);
    openTokens();
    const table = await tokensTable();
    await user.click(within(table).getByRole('button', { name: 'Revoke marketing-ci' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke the token “marketing-ci”' });
    expect(dialog).toHaveAccessibleDescription(/A pipeline that releases marketing with it/);
    expect(sent.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    await user.click(within(table).getByRole('button', { name: 'Revoke marketing-ci' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.find((r) => r.method === 'DELETE')?.path).toBe(
      '/releases/tokens/0c5f2a8e-6b1d-4f3a-9c7e-2d4b6a8c0e1f',
    );
    const row = within(await tokensTable()).getByRole('row', { name: /marketing-ci/ });
    await waitFor(() => expect(row).toHaveTextContent('revoked 22 Nov 2026, 09:00 UTC'));
  });
});
