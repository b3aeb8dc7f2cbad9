import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { Chart } from './chart';

const words = { showTable: 'Show table', hideTable: 'Hide table', category: 'Day' };

describe('Chart', () => {
  it('is one image named by what it shows, with a table of the same data behind a toggle', async () => {
    const { user } = renderWithProviders(
      <Chart
        title="Points over time"
        summary="Bar chart of your points per day: 12 in total."
        kind="bar"
        labels={['1 Nov', '2 Nov']}
        series={[{ label: 'You', values: [5, 7], color: '#007E97' }]}
        tableSeries={[
          { label: 'You', values: [5, 7], color: '#007E97' },
          { label: 'Team average', values: [2.5, null], color: '#6BF15C' },
        ]}
        words={words}
      />,
    );
    expect(
      screen.getByRole('img', { name: 'Bar chart of your points per day: 12 in total.' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: 'Show table: Points over time' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const table = screen.getByRole('table', { name: 'Points over time' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Day', 'You', 'Team average']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['1 Nov52.5', '2 Nov7–']);
    expect(screen.getByRole('button', { name: 'Hide table: Points over time' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Hide table: Points over time' }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
