import { type Notification, NotificationSchema } from '@rally/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyClientStrings, setLanguage } from '../../../lib/language';
import { buildClient } from '../../../testing/data';
import { renderWithProviders } from '../../../testing/render';
import { NotificationItem } from './notification-item';

/** A notification as GET /api/notifications answers it (checked against the shared schema). */
const buildNotification = (overrides: Partial<Notification> = {}): Notification =>
  NotificationSchema.parse({
    id: crypto.randomUUID(),
    kind: 'comment',
    title: 'Ana commented on your post',
    body: 'Great work!',
    message: null,
    link: '/community/feed',
    actor: null,
    read_at: null,
    handled_at: null,
    created_at: new Date().toISOString(),
    ...overrides,
  });

const show = (notification: Notification, client = buildClient()) =>
  renderWithProviders(
    <ul>
      <NotificationItem notification={notification} onOpen={vi.fn()} />
    </ul>,
    { client },
  );

afterEach(async () => {
  await setLanguage('en');
  applyClientStrings(buildClient());
});

describe('NotificationItem in the shown language (issue 14)', () => {
  it("shows a notification with a message in Spanish, its title and its body of the app's words", async () => {
    await setLanguage('es');
    show(
      buildNotification({
        kind: 'participation_approved',
        title: 'Your submission to “Unbox” was approved',
        body: 'You earned 5 points.',
        message: {
          key: 'participation_approved',
          body_key: 'points_earned',
          params: { activity: 'Unbox', points: '5' },
        },
      }),
    );
    expect(screen.getByRole('button', { name: /Tu envío a “Unbox” fue aprobado/ })).toBeInTheDocument();
    expect(screen.getByText('Ganaste 5 puntos.')).toBeInTheDocument();
    expect(screen.queryByText(/Your submission/)).not.toBeInTheDocument();
  });

  it("keeps a stored body without a key of its own (a comment's excerpt) as written", async () => {
    await setLanguage('es');
    show(
      buildNotification({
        title: 'Ana commented on your post',
        body: 'Great work!',
        message: { key: 'comment', params: { actor: 'Ana' } },
      }),
    );
    expect(screen.getByText('Ana comentó tu publicación')).toBeInTheDocument();
    expect(screen.getByText('Great work!')).toBeInTheDocument();
  });

  it("says the project word as the client does in the shown language, not the server's English word", async () => {
    await setLanguage('es');
    const notification = buildNotification({
      kind: 'new_project',
      title: 'New project: Spring',
      body: null,
      message: { key: 'new_project', params: { project_word: 'project', project: 'Spring' } },
    });
    const { unmount } = show(notification);
    expect(screen.getByText('Nuevo proyecto: Spring')).toBeInTheDocument();
    unmount();
    applyClientStrings(buildClient({ strings: { 'es:words.project': 'Reto' } }));
    show(notification);
    expect(await screen.findByText('Nuevo reto: Spring')).toBeInTheDocument();
  });

  it('shows the stored title and body of a notification without a message, or with a key this build lacks', async () => {
    await setLanguage('es');
    show(buildNotification({ title: 'Welcome aboard', body: 'Say hello to your team.' }));
    expect(screen.getByText('Welcome aboard')).toBeInTheDocument();
    expect(screen.getByText('Say hello to your team.')).toBeInTheDocument();
    show(
      buildNotification({
        title: 'Something newer happened',
        body: null,
        message: { key: 'from_a_newer_server', params: {} },
      }),
    );
    expect(screen.getByText('Something newer happened')).toBeInTheDocument();
  });

  it('says the same message in English as the server stored it', () => {
    show(
      buildNotification({
        title: 'Ana started following you',
        body: null,
        message: { key: 'follow', params: { actor: 'Ana' } },
      }),
    );
    expect(screen.getByText('Ana started following you')).toBeInTheDocument();
  });
});
