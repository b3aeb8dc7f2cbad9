import { type AuditEntry, AuditResponseSchema } from '@rally/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser, testId } from '../../../testing/data';
import { answer } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedRequests, server } from '../../../testing/server';
import { AuditLogSection } from './audit-log-section';

const admin = buildUser({ role: 'ADMIN' });

const entry = (n: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: testId(400 + n),
  action: 'user.deactivate',
  actor: { id: testId(7), display_name: 'Alex Admin' },
  target: testId(8),
  target_name: 'Maya Member',
  data: {},
  created_at: '2026-03-10T09:00:00.000Z',
  ...overrides,
});

describe('audit log section', () => {
  it('shows who did what to whom, filters by actor from a row and pages', async () => {
    server.use(
      http.get('/api/admin/audit', ({ request }) => {
        const url = new URL(request.url);
        if (url.searchParams.get('cursor')) {
          return answer(AuditResponseSchema, {
            entries: [entry(3, { action: 'contract.publish', target_name: null, data: { version: 3 } })],
            next_cursor: null,
          });
        }
        return answer(AuditResponseSchema, {
          entries: [
            entry(1),
            entry(2, {
              action: 'user.access',
              data: { changes: { role: { from: 'USER', to: 'ANALYST' } } },
            }),
          ],
          next_cursor: testId(402),
        });
      }),
    );
    const { user } = renderWithProviders(<AuditLogSection user={admin} />, { session: admin });
    expect(await screen.findByText('deactivated', { exact: false })).toBeInTheDocument();
    expect(screen.getByText(': USER → ANALYST', { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('published a contract version', { exact: false })).toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Show only changes by Alex Admin' })[0]!);
    await waitFor(async () => {
      const actors = (await receivedRequests('GET', '/api/admin/audit')).map((r) => r.query.actor);
      expect(actors).toContain(testId(7));
    });
    expect(screen.getByRole('button', { name: /By Alex Admin/ })).toBeInTheDocument();
  });

  it('asks for the days chosen, first and last included, and says when none match', async () => {
    server.use(
      http.get('/api/admin/audit', ({ request }) => {
        const url = new URL(request.url);
        return answer(AuditResponseSchema, {
          entries: url.searchParams.get('from') ? [] : [entry(1)],
          next_cursor: null,
        });
      }),
    );
    renderWithProviders(<AuditLogSection user={admin} />, { session: admin });
    expect(await screen.findByText('deactivated', { exact: false })).toBeInTheDocument();
    // A date field is filled through its picker, not typed key by key: the change is what the page sees.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    expect(await screen.findByText('Nothing recorded')).toBeInTheDocument();
    await waitFor(async () => {
      const asked = (await receivedRequests('GET', '/api/admin/audit')).map((r) => [
        r.query.from,
        r.query.to,
      ]);
      expect(asked).toContainEqual(['2026-03-01', '2026-03-31']);
    });
    expect(screen.getByLabelText('To')).toHaveAttribute('min', '2026-03-01');
  });
});
