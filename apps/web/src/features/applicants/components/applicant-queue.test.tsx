import {
  AdminApplicationsResponseSchema,
  type Applicant,
  type ApplicantQueueItem,
  ApplicantQueueResponseSchema,
  ApplicantResponseSchema,
  BulkDecisionResponseSchema,
  OkResponseSchema,
} from '@rally/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser, testId } from '../../../testing/data';
import { answer } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedBodies, receivedRequests, server } from '../../../testing/server';
import { ApplicantQueue } from './applicant-queue';

const admin = buildUser({ role: 'ADMIN' });
const NOW = '2026-03-10T09:00:00.000Z';
const FORM = { id: testId(701), title: 'Ambassadors' };

const item = (n: number, name: string): ApplicantQueueItem => ({
  id: testId(710 + n),
  status: 'pending',
  created_at: NOW,
  application: FORM,
  person: {
    id: testId(720 + n),
    email: `${name.toLowerCase()}@example.com`,
    display_name: name,
    email_verified: true,
  },
});

const detail = (row: ApplicantQueueItem): Applicant => ({
  id: row.id,
  status: 'pending',
  review_note: null,
  answers: { why: 'I run every day', ig: 'https://instagram.com/ana' },
  created_at: NOW,
  updated_at: NOW,
  decided_at: null,
  application: {
    ...FORM,
    questions: [
      {
        id: 'why',
        type: 'long_text',
        label: 'Why join?',
        help: null,
        required: true,
        options: [],
        channel: null,
      },
      {
        id: 'ig',
        type: 'social_handle',
        label: 'Instagram',
        help: null,
        required: false,
        options: [],
        channel: 'instagram',
      },
    ],
  },
  person: row.person,
  abilities: { can_edit: false, can_decide: true },
});

function serve(rows: ApplicantQueueItem[]) {
  server.use(
    http.get('/api/admin/applications', () =>
      answer(AdminApplicationsResponseSchema, { applications: [], next_cursor: null }),
    ),
    http.get('/api/admin/applicants', () =>
      answer(ApplicantQueueResponseSchema, { applicants: rows, next_cursor: null }),
    ),
    http.get('/api/applicants/:id', ({ params }) =>
      answer(ApplicantResponseSchema, { applicant: detail(rows.find((r) => r.id === params.id)!) }),
    ),
    http.post('/api/admin/applicants/:id/decision', () => answer(OkResponseSchema, { ok: true })),
    http.post('/api/admin/applicants/decisions', () =>
      answer(BulkDecisionResponseSchema, { decided: 2, skipped: 0 }),
    ),
  );
}

describe('the review queue', () => {
  it('approves the selected applicants only after confirming', async () => {
    const rows = [item(1, 'Ana'), item(2, 'Ben'), item(3, 'Cas')];
    serve(rows);
    const { user } = renderWithProviders(<ApplicantQueue />, { session: admin });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Ana' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Cas' }));
    await user.click(screen.getByRole('button', { name: 'Approve selected (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve 2 applicants?' });
    expect(await receivedRequests('POST', '/api/admin/applicants/decisions')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(async () =>
      expect(await receivedBodies('POST', '/api/admin/applicants/decisions')).toEqual([
        { ids: [rows[0]!.id, rows[2]!.id], decision: 'approve' },
      ]),
    );
    expect(await screen.findByText('2 decided, 0 skipped (already decided).')).toBeInTheDocument();
  });

  it('shows the answers and rejects with a required reason', async () => {
    const rows = [item(1, 'Ana')];
    serve(rows);
    const { user } = renderWithProviders(<ApplicantQueue />, { session: admin });
    await user.click(await screen.findByRole('button', { name: /Ana/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ana' });
    expect(await within(dialog).findByText('I run every day')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'https://instagram.com/ana' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject application' }));
    expect(within(dialog).getByText('Write a message for the applicant')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason (sent to the applicant)'), 'Programme is full');
    await user.click(within(dialog).getByRole('button', { name: 'Reject application' }));
    await waitFor(async () =>
      expect(await receivedBodies('POST', `/api/admin/applicants/${rows[0]!.id}/decision`)).toEqual([
        { decision: 'reject', message: 'Programme is full' },
      ]),
    );
  });
});
