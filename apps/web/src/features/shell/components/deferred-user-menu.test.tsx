import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../testing/data';
import { renderApp } from '../../../testing/render';

const member = buildUser({ first_name: 'Ada', last_name: 'Lovelace', role: 'USER' });

describe('The user menu, loaded on first use', () => {
  it('opens with its entries on the first press of the stand-in button, before its code was loaded', async () => {
    const { user } = renderApp('/', { session: member });
    const button = await screen.findByRole('button', { name: 'User menu' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(button);

    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: /Ada Lovelace/ })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('closes with Escape and opens again from the keyboard', async () => {
    const { user } = renderApp('/', { session: member });
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    await screen.findByRole('menu');

    await user.keyboard('{Escape}');
    // The menu leaves with a short fade and then gives focus back to its button; on a loaded machine either may
    // come a moment after the key.
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    const button = screen.getByRole('button', { name: 'User menu' });
    await waitFor(() => expect(button).toHaveFocus());

    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
  });
});
