import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../testing/data';
import { renderApp } from '../../testing/render';
import { setViewport } from '../../testing/viewport';

const admin = buildUser({ first_name: 'Margaret', last_name: 'Hamilton', role: 'ADMIN' });

describe('Admin pages', () => {
  it('on a 360 px phone, the page selector replaces the tabs and opens the page picked with a click', async () => {
    setViewport(360);
    expect(window.matchMedia('(min-width: 48rem)').matches).toBe(false);
    const { user, router } = renderApp('/admin', { session: admin });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin pages' })).not.toBeInTheDocument();
    const selector = screen.getByRole('button', { name: 'Select a page' });
    expect(selector).toHaveTextContent('Dashboard');

    await user.click(selector);
    const options = await screen.findByRole('listbox');
    expect(within(options).getByRole('option', { name: 'Dashboard' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.click(within(options).getByRole('option', { name: 'Badges' }));

    expect(await screen.findByRole('heading', { name: 'Badges' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/badges');
    expect(screen.getByRole('button', { name: 'Select a page' })).toHaveTextContent('Badges');
    // The list closes with a 100 ms fade, which may outlast the page's arrival on a busy machine.
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  });

  it('on a 360 px phone, the page selector works by keyboard', async () => {
    setViewport(360);
    const { user, router } = renderApp('/admin/badges', { session: admin });
    await screen.findByRole('heading', { name: 'Badges' });

    screen.getByRole('button', { name: 'Select a page' }).focus();
    // Like a native select: the arrow key opens the list on the current page, End goes to the last one.
    await user.keyboard('{ArrowDown}');
    const options = await screen.findByRole('listbox');
    const current = within(options).getByRole('option', { name: 'Badges' });
    expect(options).toHaveAttribute('aria-activedescendant', current.id);
    await user.keyboard('{End}');
    const last = within(options).getByRole('option', { name: 'Reporting' });
    expect(options).toHaveAttribute('aria-activedescendant', last.id);
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { name: 'Reporting' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/reporting');
    expect(screen.getByRole('button', { name: 'Select a page' })).toHaveFocus();
  });

  it('on a 768 px tablet, the page selector stays (13 pages would wrap as tabs)', async () => {
    setViewport(768);
    renderApp('/admin', { session: admin });
    expect(await screen.findByRole('button', { name: 'Select a page' })).toHaveTextContent('Dashboard');
    expect(screen.queryByRole('navigation', { name: 'Admin pages' })).not.toBeInTheDocument();
  });

  it('on desktop, a side navigation with every page replaces the selector', async () => {
    setViewport(1280);
    const { user, router } = renderApp('/admin', { session: admin });
    const nav = await screen.findByRole('navigation', { name: 'Admin pages' });
    expect(screen.queryByRole('button', { name: 'Select a page' })).not.toBeInTheDocument();
    // Every admin page of this client (its features leave out Chat and E-Commerce), each a link in one column.
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Dashboard',
      'General',
      'Projects',
      'Participation',
      'Badges',
      'Users',
      'Applicants',
      'Library',
      'Brand Safety',
      'Integrations',
      'Reporting',
    ]);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(nav).getByRole('link', { name: 'Integrations' }));

    expect(await screen.findByRole('heading', { name: 'Integrations' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/integrations');
    expect(within(nav).getByRole('link', { name: 'Integrations' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });
});
