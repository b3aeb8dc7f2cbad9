import {
  type AdminApplication,
  AdminApplicationResponseSchema,
  AdminApplicationsResponseSchema,
  AdminTeamsResponseSchema,
  type CreateApplicationRequest,
} from '@rally/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser, testId } from '../../../testing/data';
import { answer, failure } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedBodies, server } from '../../../testing/server';
import { ApplicationForms } from './application-forms';

const admin = buildUser({ role: 'ADMIN' });
const TEAM = testId(601);
const NOW = '2026-03-10T09:00:00.000Z';

function savedForm(body: CreateApplicationRequest): AdminApplication {
  return {
    id: testId(602),
    title: body.title,
    description: body.description ?? null,
    cover_image_url: null,
    questions: (body.questions ?? []).map((q) => ({
      help: null,
      required: false,
      options: [],
      channel: null,
      ...q,
    })),
    team_ids: body.team_ids ?? [],
    rules: { approve_answer: null, approve_domains: [], reject_answer: null, reject_domains: [] },
    is_open: body.is_open ?? true,
    public_url: `/apply/${testId(602)}`,
    waiting_count: 0,
    created_at: NOW,
    updated_at: NOW,
  };
}

function serve(onCreate?: () => Response) {
  let forms: AdminApplication[] = [];
  server.use(
    http.get('/api/admin/applications', () =>
      answer(AdminApplicationsResponseSchema, { applications: forms, next_cursor: null }),
    ),
    http.get('/api/admin/teams', () =>
      answer(AdminTeamsResponseSchema, {
        teams: [
          {
            id: TEAM,
            name: 'Runners',
            description: null,
            image_url: null,
            is_discoverable: true,
            member_count: 3,
            created_at: NOW,
          },
        ],
      }),
    ),
    http.post('/api/admin/applications', async ({ request }) => {
      if (onCreate) return onCreate();
      const form = savedForm((await request.json()) as CreateApplicationRequest);
      forms = [form];
      return answer(AdminApplicationResponseSchema, { application: form }, { status: 201 });
    }),
  );
}

describe('the application form builder', () => {
  it('builds a form with ordered questions, a team and a rule, then lists it with its link', async () => {
    serve();
    const { user } = renderWithProviders(<ApplicationForms />, { session: admin });
    expect(await screen.findByText('No application forms')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New form' }));
    const dialog = await screen.findByRole('dialog', { name: 'New application form' });
    await user.type(within(dialog).getByLabelText('Title'), 'Creators');

    await user.selectOptions(within(dialog).getByLabelText('Kind of the new question'), 'single_choice');
    await user.click(within(dialog).getByRole('button', { name: 'Add question' }));
    await user.type(within(dialog).getByLabelText('Question'), 'Where do you post?');
    await user.type(within(dialog).getByLabelText('Choice 1'), 'Instagram');
    await user.type(within(dialog).getByLabelText('Choice 2'), 'TikTok');
    await user.click(within(dialog).getByLabelText('An answer is required'));

    await user.selectOptions(within(dialog).getByLabelText('Kind of the new question'), 'social_handle');
    await user.click(within(dialog).getByRole('button', { name: 'Add question' }));
    const labels = within(dialog).getAllByLabelText('Question');
    await user.type(labels[1]!, 'Your profile');
    await user.click(within(dialog).getByRole('button', { name: 'Move Your profile up' }));

    await user.click(await within(dialog).findByRole('checkbox', { name: 'Runners' }));
    const rejectDomains = within(dialog).getAllByLabelText('Or the email domain is')[1]!;
    await user.type(rejectDomains, 'spam.test, junk.test');
    await user.click(screen.getByRole('button', { name: 'Create form' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [body] = (await receivedBodies('POST', '/api/admin/applications')) as CreateApplicationRequest[];
    expect(body).toMatchObject({
      title: 'Creators',
      team_ids: [TEAM],
      is_open: true,
      rules: { approve_answer: null, reject_domains: ['spam.test', 'junk.test'] },
    });
    expect(body!.questions!.map((q) => [q.id, q.type, q.label, q.required])).toEqual([
      ['q2', 'social_handle', 'Your profile', false],
      ['q1', 'single_choice', 'Where do you post?', true],
    ]);
    expect(body!.questions![1]!.options).toEqual(['Instagram', 'TikTok']);
    expect(await screen.findByRole('heading', { name: 'Creators' })).toBeInTheDocument();
    expect(screen.getByText(`${window.location.origin}/apply/${testId(602)}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy the link of Creators' })).toBeInTheDocument();
    // Many keystrokes on a slow shared machine: more time, no timing asserted.
  }, 30_000);

  it("shows the server's message and keeps the dialog open when saving fails", async () => {
    serve(() => failure(400, 'questions.options: "Pick" needs at least 2 choices'));
    const { user } = renderWithProviders(<ApplicationForms />, { session: admin });
    await user.click(await screen.findByRole('button', { name: 'New form' }));
    const dialog = await screen.findByRole('dialog', { name: 'New application form' });
    await user.type(within(dialog).getByLabelText('Title'), 'Broken');
    await user.click(screen.getByRole('button', { name: 'Create form' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('needs at least 2 choices');
    expect(screen.getByRole('dialog', { name: 'New application form' })).toBeInTheDocument();
  });
});
