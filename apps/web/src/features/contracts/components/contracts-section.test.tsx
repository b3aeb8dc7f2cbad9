import { AdminContractsResponseSchema, PublishContractResponseSchema } from '@rally/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser, testId } from '../../../testing/data';
import { answer } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedBodies, receivedRequests, server } from '../../../testing/server';
import { ContractsSection } from './contracts-section';

const admin = buildUser({ role: 'ADMIN' });
const NOW = '2026-03-10T09:00:00.000Z';
const current = { id: testId(50), version: 2, title: 'Community terms', body: '# Terms', created_at: NOW };

describe('contracts section', () => {
  it('shows the acceptance of the current version and publishes the next after a confirmation', async () => {
    server.use(
      http.get('/api/admin/contracts', () =>
        answer(AdminContractsResponseSchema, {
          current,
          accepted_count: 7,
          member_count: 9,
          versions: [{ id: current.id, version: 2, title: current.title, created_at: NOW }],
        }),
      ),
      http.post('/api/admin/contracts', async ({ request }) => {
        const body = (await request.json()) as { title: string; body: string };
        return answer(
          PublishContractResponseSchema,
          { contract: { ...body, id: testId(51), version: 3, created_at: NOW } },
          { status: 201 },
        );
      }),
    );
    const { user } = renderWithProviders(<ContractsSection user={admin} />, { session: admin });
    expect(await screen.findByText('7 of 9 members accepted this version.')).toBeInTheDocument();
    expect(screen.getByText('Current: Community terms (version 2)')).toBeInTheDocument();

    const text = screen.getByLabelText('Text');
    await user.clear(text);
    await user.click(screen.getByRole('button', { name: 'Publish new version' }));
    expect(await screen.findByText('Text is required')).toBeInTheDocument();
    await user.type(text, 'Be **kind**.');
    await user.click(screen.getByRole('button', { name: 'Publish new version' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish a new contract version?' });
    expect(await receivedRequests('POST', '/api/admin/contracts')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Publish new version' }));
    await waitFor(async () =>
      expect(await receivedBodies('POST', '/api/admin/contracts')).toEqual([
        { title: 'Community terms', body: 'Be **kind**.' },
      ]),
    );
  });
});
