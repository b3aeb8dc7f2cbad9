import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissToast, showToast, toastStore } from '../../lib/toast';
import { renderWithProviders } from '../../testing/render';
import { setViewport } from '../../testing/viewport';

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
});
