import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissToast, showToast, toastStore } from '../../lib/toast';
import { renderWithProviders } from '../../testing/render';
import { setViewport } from '../../testing/viewport';
import { Modal } from './modal';

const shown = () =>
  screen.queryAllByRole('button', { name: 'Dismiss' }).map((b) => b.parentElement?.textContent);

describe('Toaster', () => {
  afterEach(() => {
    for (const toast of toastStore.getSnapshot()) dismissToast(toast.id);
  });

  it('on a 360 px phone shows only the newest toast, so two never stack over a form', () => {
    setViewport(360);
    // The providers draw the app's one Toaster beside the page.
    renderWithProviders(<main />);
    act(() => {
      showToast('Post text copied');
      showToast('Opening LinkedIn');
    });
    expect(shown()).toEqual(['Opening LinkedIn']);
  });

  it('from tablet width shows the newest three', () => {
    setViewport(1024);
    renderWithProviders(<main />);
    act(() => {
      for (const message of ['One', 'Two', 'Three', 'Four']) showToast(message);
    });
    expect(shown()).toEqual(['Two', 'Three', 'Four']);
  });

  it('announces a toast raised while a dialog makes the page inert, and lets it be dismissed', async () => {
    setViewport(1024);
    const { user } = renderWithProviders(
      <main>
        <Modal isOpen onClose={() => {}} title="Invite people" closeLabel="Close">
          <p>Importing</p>
        </Modal>
      </main>,
    );
    expect(await screen.findByRole('dialog', { name: 'Invite people' })).toBeInTheDocument();
    act(() => {
      showToast('The import failed: the file is empty');
    });
    const region = screen.getByRole('status', { name: 'Notifications from the app' });
    expect(region).toHaveTextContent('The import failed: the file is empty');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(shown()).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Invite people' })).toBeInTheDocument();
  });
});
