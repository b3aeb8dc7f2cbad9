import { ApplicationResponseSchema, ApplyResponseSchema, type PublicApplication } from '@rally/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser, testId } from '../../../testing/data';
import { answer, failure } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedBodies, server } from '../../../testing/server';
import { ApplicationView } from './application-view';

const FORM_ID = testId(501);
const APPLICANT_ID = testId(502);
const form: PublicApplication = {
  id: FORM_ID,
  title: 'Ambassadors 2026',
  description: 'Join the crew.',
  cover_image_url: null,
  client_name: 'Demo',
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
      id: 'where',
      type: 'single_choice',
      label: 'Where do you post?',
      help: null,
      required: true,
      options: ['Instagram', 'TikTok'],
      channel: null,
    },
    {
      id: 'ig',
      type: 'social_handle',
      label: 'Instagram profile',
      help: null,
      required: false,
      options: [],
      channel: 'instagram',
    },
    {
      id: 'ok',
      type: 'consent',
      label: 'I agree to the rules',
      help: null,
      required: true,
      options: [],
      channel: null,
    },
  ],
};

function serveForm(apply: Parameters<typeof http.post>[1]) {
  server.use(
    http.get(`/api/applications/${FORM_ID}`, () => answer(ApplicationResponseSchema, { application: form })),
    http.post(`/api/applications/${FORM_ID}/applicants`, apply),
  );
}

async function fillPerson(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.type(screen.getByLabelText('First name'), 'Ana');
  await user.type(screen.getByLabelText('Last name'), 'Lima');
  await user.type(screen.getByLabelText('Email'), 'ana@example.com');
  await user.type(screen.getByLabelText('Password'), 'a-good-password');
}

describe('the apply page', () => {
  it('names each missing or bad answer and sends nothing until they are fixed', async () => {
    serveForm(() => failure(500, 'should not be called'));
    const { user } = renderWithProviders(<ApplicationView applicationId={FORM_ID} />);
    expect(await screen.findByRole('heading', { name: 'Ambassadors 2026' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Instagram profile (optional)'), 'https://tiktok.com/@ana');
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Why join? is required')).toBeInTheDocument();
    expect(screen.getByText('Where do you post? is required')).toBeInTheDocument();
    expect(screen.getByText('Please agree to continue: I agree to the rules')).toBeInTheDocument();
    expect(
      screen.getByText(/Instagram profile must be a link to your Instagram profile/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Why join?')).toHaveAttribute('aria-invalid', 'true');
    expect(await receivedBodies('POST', `/api/applications/${FORM_ID}/applicants`)).toEqual([]);
  });

  it('applies, signs the applicant in and opens their page', async () => {
    const applicant = buildUser({
      role: 'APPLICANT',
      applications: [{ id: APPLICANT_ID, status: 'pending' }],
    });
    serveForm(() =>
      answer(
        ApplyResponseSchema,
        { applicant_id: APPLICANT_ID, status: 'pending', user: applicant, token: 'tok' },
        { status: 201 },
      ),
    );
    const { user, router, queryClient } = renderWithProviders(<ApplicationView applicationId={FORM_ID} />);
    await screen.findByRole('heading', { name: 'Ambassadors 2026' });
    await fillPerson(user);
    await user.type(screen.getByLabelText('Why join?'), 'I love it');
    await user.click(screen.getByRole('radio', { name: 'TikTok' }));
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the rules' }));
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/applicants/${APPLICANT_ID}`));
    expect(await receivedBodies('POST', `/api/applications/${FORM_ID}/applicants`)).toEqual([
      {
        first_name: 'Ana',
        last_name: 'Lima',
        email: 'ana@example.com',
        password: 'a-good-password',
        answers: { why: 'I love it', where: 'TikTok', ok: true },
        // The language the form is shown in: the account's, and its emails'.
        locale: 'en',
      },
    ]);
    expect(queryClient.getQueryData(['api/me'])).toMatchObject({ role: 'APPLICANT' });
  });

  it('points to logging in when the email already has an account', async () => {
    serveForm(() =>
      failure(
        409,
        'An account with this email already exists. Log in to see your application.',
        'email_taken',
      ),
    );
    const { user } = renderWithProviders(<ApplicationView applicationId={FORM_ID} />);
    await screen.findByRole('heading', { name: 'Ambassadors 2026' });
    await fillPerson(user);
    await user.type(screen.getByLabelText('Why join?'), 'Again');
    await user.click(screen.getByRole('radio', { name: 'Instagram' }));
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the rules' }));
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists');
    expect(screen.getAllByRole('link', { name: 'Log in' })[0]).toHaveAttribute('href', '/login');
  });

  it('says so when the form is closed', async () => {
    server.use(
      http.get(`/api/applications/${FORM_ID}`, () =>
        failure(404, 'This application form does not exist or is closed'),
      ),
    );
    renderWithProviders(<ApplicationView applicationId={FORM_ID} />);
    expect(
      await screen.findByRole('heading', { name: 'This application form is no longer available' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Ask Acme for a current link/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Acme' })).toHaveAttribute('href', '/');
  });

  it('says the same for a link cut short (400), and what went wrong otherwise, with a retry that reloads', async () => {
    server.use(http.get(`/api/applications/${FORM_ID}`, () => failure(400, 'id must be a valid id')));
    const { unmount } = renderWithProviders(<ApplicationView applicationId={FORM_ID} />);
    expect(
      await screen.findByRole('heading', { name: 'This application form is no longer available' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('id must be a valid id')).not.toBeInTheDocument();
    unmount();

    let calls = 0;
    server.use(
      http.get(`/api/applications/${FORM_ID}`, () => {
        calls += 1;
        return failure(503, 'The server is busy');
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ApplicationView applicationId={FORM_ID} />);
    expect(
      await screen.findByRole('heading', { name: 'The application form could not be loaded' }),
    ).toBeInTheDocument();
    expect(screen.getByText('The server is busy')).toBeInTheDocument();
    const before = calls;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls).toBeGreaterThan(before));
  });
});
