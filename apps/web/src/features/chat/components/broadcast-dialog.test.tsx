import {
  AdminProjectsResponseSchema,
  AdminTeamsResponseSchema,
  type ChatBroadcast,
  ChatBroadcastResponseSchema,
  ChatBroadcastsResponseSchema,
  ChatCannedRepliesResponseSchema,
  type ChatCannedReply,
  ChatCannedReplyResponseSchema,
  ChatSettingsResponseSchema,
  type CreateChatBroadcastRequest,
  OkResponseSchema,
} from '@rally/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildClient, buildUser, testId } from '../../../testing/data';
import { answer } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedBodies, receivedRequests, server } from '../../../testing/server';
import { BroadcastDialog } from './broadcast-dialog';
import { ChatSettingsDialog } from './chat-settings-dialog';

const admin = buildUser({ role: 'ADMIN', client: buildClient({ features: [{ id: 'chat' }] }) });
const CREATED = '2026-03-10T09:00:00.000Z';
const TEAM = { id: testId(501), name: 'Marketing' };

function serveBroadcasts() {
  const sent: ChatBroadcast[] = [];
  server.use(
    http.get('/api/admin/chat/broadcasts', () =>
      answer(ChatBroadcastsResponseSchema, { broadcasts: [...sent].reverse(), next_cursor: null }),
    ),
    http.post('/api/admin/chat/broadcasts', async ({ request }) => {
      const body = (await request.json()) as CreateChatBroadcastRequest;
      const broadcast: ChatBroadcast = {
        id: testId(600 + sent.length),
        author: null,
        audience: body.audience,
        target: body.audience === 'team' ? TEAM : null,
        body: body.body,
        recipients: 3,
        delivered: 3,
        read: 1,
        listing: false,
        created_at: CREATED,
      };
      sent.push(broadcast);
      return answer(ChatBroadcastResponseSchema, { broadcast }, { status: 201 });
    }),
    http.get('/api/admin/teams', () =>
      answer(AdminTeamsResponseSchema, {
        teams: [
          {
            id: TEAM.id,
            name: TEAM.name,
            description: null,
            image_url: null,
            is_discoverable: true,
            member_count: 3,
            created_at: CREATED,
          },
        ],
      }),
    ),
    http.get('/api/admin/projects', () => answer(AdminProjectsResponseSchema, { projects: [] })),
  );
}

describe('Broadcast', () => {
  it('sends to a team after a confirmation and lists it with its counts', async () => {
    serveBroadcasts();
    const { user } = renderWithProviders(<BroadcastDialog userId={admin.id} onClose={() => {}} />, {
      session: admin,
    });
    expect(await screen.findByText('No broadcasts yet')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'A Team' }));
    expect(await screen.findByText('Marketing')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Launch day is Friday!');
    await user.click(screen.getByRole('button', { name: 'Review' }));

    // Nothing is sent before the confirmation.
    expect(await screen.findByRole('heading', { name: 'Send this to Marketing?' })).toBeInTheDocument();
    expect(await receivedRequests('POST', '/api/admin/chat/broadcasts')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Send broadcast' }));

    const past = await screen.findByRole('heading', { name: 'Past broadcasts' });
    const section = past.closest('section')!;
    expect(await within(section).findByText('Launch day is Friday!')).toBeInTheDocument();
    expect(within(section).getByText('Delivered to 3 of 3 · Read by 1')).toBeInTheDocument();
    expect(await receivedBodies('POST', '/api/admin/chat/broadcasts')).toEqual([
      { audience: 'team', team_id: TEAM.id, body: 'Launch day is Friday!' },
    ]);
  });

  it('offers no review of an empty message', async () => {
    serveBroadcasts();
    renderWithProviders(<BroadcastDialog userId={admin.id} onClose={() => {}} />, { session: admin });
    expect(await screen.findByRole('button', { name: 'Review' })).toBeDisabled();
  });
});

describe('Canned replies editor', () => {
  it('adds, edits and deletes (after a confirmation) canned replies', async () => {
    let replies: ChatCannedReply[] = [];
    server.use(
      http.get('/api/admin/chat/settings', () =>
        answer(ChatSettingsResponseSchema, { settings: { dm_policy: 'anyone' } }),
      ),
      http.get('/api/admin/chat/canned-replies', () =>
        answer(ChatCannedRepliesResponseSchema, { replies, next_cursor: null }),
      ),
      http.post('/api/admin/chat/canned-replies', async ({ request }) => {
        const draft = (await request.json()) as { title: string; body: string };
        const reply = { id: testId(910), ...draft, created_at: CREATED, updated_at: CREATED };
        replies = [reply];
        return answer(ChatCannedReplyResponseSchema, { reply }, { status: 201 });
      }),
      http.patch(`/api/admin/chat/canned-replies/${testId(910)}`, async ({ request }) => {
        const draft = (await request.json()) as { title: string; body: string };
        replies = [{ ...replies[0]!, ...draft }];
        return answer(ChatCannedReplyResponseSchema, { reply: replies[0]! });
      }),
      http.delete(`/api/admin/chat/canned-replies/${testId(910)}`, () => {
        replies = [];
        return answer(OkResponseSchema, { ok: true });
      }),
    );
    const { user } = renderWithProviders(<ChatSettingsDialog userId={admin.id} onClose={() => {}} />, {
      session: admin,
    });
    await user.click(await screen.findByRole('radio', { name: 'Canned replies' }));
    expect(await screen.findByText('No canned replies yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a canned reply' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Tagging');
    await user.type(screen.getByRole('textbox', { name: 'Text' }), 'Tag @demo and add #ad.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Tagging')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Tagging' }));
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Tagging the brand');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Tagging the brand')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Tagging the brand' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No canned replies yet.')).toBeInTheDocument();
    await waitFor(async () =>
      expect(await receivedBodies('PATCH', `/api/admin/chat/canned-replies/${testId(910)}`)).toEqual([
        { title: 'Tagging the brand', body: 'Tag @demo and add #ad.' },
      ]),
    );
  });
});
