import { type Applicant, ApplicantResponseSchema } from '@rally/shared';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser, testId } from '../../../testing/data';
import { answer } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedBodies, server } from '../../../testing/server';
import { ApplicantStatus } from './applicant-status';

const ID = testId(801);
const NOW = '2026-03-10T09:00:00.000Z';
const applicant: Applicant = {
  id: ID,
  status: 'info_requested',
  review_note: 'Add your Instagram profile, please.',
  answers: { why: 'I love it' },
  created_at: NOW,
  updated_at: NOW,
  decided_at: NOW,
  application: {
    id: testId(802),
    title: 'Ambassadors',
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
        required: true,
        options: [],
        channel: 'instagram',
      },
    ],
  },
  person: { id: testId(803), email: 'ana@example.com', display_name: 'Ana Lima', email_verified: true },
  abilities: { can_edit: true, can_decide: false },
};

describe("the applicant's own page", () => {
  it('shows what the reviewers asked for and lets the applicant answer it', async () => {
    let current = applicant;
    server.use(
      http.get(`/api/applicants/${ID}`, () => answer(ApplicantResponseSchema, { applicant: current })),
      http.patch(`/api/applicants/${ID}`, async ({ request }) => {
        const { answers } = (await request.json()) as { answers: Record<string, unknown> };
        current = { ...current, status: 'pending', answers };
        return answer(ApplicantResponseSchema, { applicant: current });
      }),
    );
    const session = buildUser({ role: 'APPLICANT', applications: [{ id: ID, status: 'info_requested' }] });
    const { user } = renderWithProviders(<ApplicantStatus applicantId={ID} isSignedIn />, { session });
    expect(await screen.findByText('More information requested')).toBeInTheDocument();
    expect(screen.getByText('Add your Instagram profile, please.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit answers' }));
    await user.click(screen.getByRole('button', { name: 'Save answers' }));
    expect(screen.getByText(/Instagram is required/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Instagram'), 'https://instagram.com/ana');
    await user.click(screen.getByRole('button', { name: 'Save answers' }));
    expect(await screen.findByText('Pending review')).toBeInTheDocument();
    await waitFor(async () =>
      expect(await receivedBodies('PATCH', `/api/applicants/${ID}`)).toEqual([
        { answers: { why: 'I love it', ig: 'https://instagram.com/ana' } },
      ]),
    );
  });
});
