import {
  type AdminParticipation,
  AdminParticipationResponseSchema,
  AdminParticipationsResponseSchema,
  AdminProjectsResponseSchema,
} from '@rally/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildParticipation, buildUser, testId } from '../../../testing/data';
import { answer, failure } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedBodies, receivedRequests, server } from '../../../testing/server';
import { ParticipationPage } from './participation-page';

const admin = buildUser({ id: testId(9), first_name: 'Margaret', last_name: 'Hamilton', role: 'ADMIN' });
const grace = buildParticipation();
const linus = buildParticipation({
  id: testId(310),
  user: { id: testId(3), display_name: 'Linus Torvalds', email: 'linus@example.com', image_url: null },
  data: { caption: 'Penguins at the stand', media_urls: [] },
});

const REVIEWED_AT = '2025-06-01T12:00:00.000Z';

/** The review list with `items`; POST …/review answers the item with the decision applied. */
function serveReviewList(items: AdminParticipation[]) {
  server.use(
    http.get('/api/admin/projects', () => answer(AdminProjectsResponseSchema, { projects: [] })),
    http.get('/api/admin/participations', () =>
      answer(AdminParticipationsResponseSchema, { participations: items, next_cursor: null }),
    ),
    http.post('/api/admin/participations/:id/review', async ({ params, request }) => {
      const item = items.find((p) => p.id === params.id);
      if (!item) return failure(404, 'Participation not found');
      const { decision, reason } = (await request.json()) as {
        decision: 'approve' | 'reject';
        reason?: string;
      };
      return answer(AdminParticipationResponseSchema, {
        participation: {
          ...item,
          status: decision === 'approve' ? 'approved' : 'rejected',
          reject_reason: reason ?? null,
          reviewed_at: REVIEWED_AT,
        },
      });
    }),
  );
}

function renderReviewList() {
  return renderWithProviders(<ParticipationPage user={admin} />, {
    session: admin,
    url: '/admin/participation',
  });
}

describe('Participation review', () => {
  it('approves a pending submission and shows it approved', async () => {
    serveReviewList([grace, linus]);
    const { user } = renderReviewList();
    const item = await screen.findByRole('article', { name: 'Grace Hopper' });
    expect(within(item).getByText('Waiting for review')).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Approve' }));

    expect(await within(item).findByText('Approved')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    expect(screen.getByText("Approved Grace Hopper's submission")).toBeInTheDocument();
    // Linus's submission still waits.
    const other = screen.getByRole('article', { name: 'Linus Torvalds' });
    expect(within(other).getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(await receivedRequests('POST')).toEqual([
      expect.objectContaining({
        path: `/api/admin/participations/${grace.id}/review`,
        body: { decision: 'approve' },
      }),
    ]);
  });

  it('rejects a submission with the reason typed in the dialog', async () => {
    serveReviewList([grace, linus]);
    const { user } = renderReviewList();
    const item = await screen.findByRole('article', { name: 'Grace Hopper' });

    await user.click(within(item).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: "Reject Grace Hopper's submission?" });

    // A rejection needs a reason: nothing is sent without one.
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('A reason is required to reject')).toBeInTheDocument();
    expect(await receivedRequests('POST')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Reason'), '  The logo is cut off.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(item).getByText('Rejected')).toBeInTheDocument();
    expect(within(item).getByText('Rejected: The logo is cut off.')).toBeInTheDocument();
    expect(screen.getByText("Rejected Grace Hopper's submission")).toBeInTheDocument();
    expect(await receivedBodies('POST', `/api/admin/participations/${grace.id}/review`)).toEqual([
      { decision: 'reject', reason: 'The logo is cut off.' },
    ]);
  });

  it("keeps the dialog open with the server's message when the rejection fails", async () => {
    serveReviewList([grace]);
    server.use(
      http.post('/api/admin/participations/:id/review', () =>
        failure(409, 'Someone else reviewed this submission already.'),
      ),
    );
    const { user } = renderReviewList();
    const item = await screen.findByRole('article', { name: 'Grace Hopper' });

    await user.click(within(item).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: "Reject Grace Hopper's submission?" });
    await user.type(within(dialog).getByLabelText('Reason'), 'Blurry photo');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Someone else reviewed this submission already.',
    );
    expect(within(item).getByText('Waiting for review')).toBeInTheDocument();
  });
});
