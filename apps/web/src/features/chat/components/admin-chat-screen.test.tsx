import {
  AdminUsersResponseSchema,
  ChatCannedRepliesResponseSchema,
  type ChatInboxConversation,
  ChatInboxConversationResponseSchema,
  ChatInboxResponseSchema,
  ChatMessageResponseSchema,
  type ChatNote,
  ChatNoteResponseSchema,
  ChatNotesResponseSchema,
  type SendChatMessageRequest,
  type UpdateChatInboxRequest,
} from '@rally/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildClient, buildUser, testId } from '../../../testing/data';
import { answer, failure } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedBodies, receivedRequests, server } from '../../../testing/server';
import { ada, buildInboxConversation, buildMessage, grace, serveMessages, sofia } from '../testing/chat-data';
import { AdminChatScreen } from './admin-chat-screen';

const admin = buildUser({ role: 'ADMIN', client: buildClient({ features: [{ id: 'chat' }] }) });
const CREATED = '2026-03-10T09:00:00.000Z';

/** The inbox (filtered by box and status as the server does), a line, its changes, notes and canned replies. */
function serveInbox(line: ChatInboxConversation) {
  let current = line;
  const notes: ChatNote[] = [];
  const messages = [
    buildMessage(1, { conversation_id: line.id, author: grace, body: 'Can I share the pricing page?' }),
  ];
  serveMessages(line.id, messages, '/api/admin/chat');
  server.use(
    http.get('/api/admin/chat/conversations', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const isIn =
        current.status === (query.get('status') ?? 'open') &&
        (query.get('box') !== 'unassigned' || current.assignee === null) &&
        (query.get('box') !== 'mine' || current.assignee?.id === admin.id);
      return answer(ChatInboxResponseSchema, { conversations: isIn ? [current] : [], next_cursor: null });
    }),
    http.get(`/api/admin/chat/conversations/${line.id}`, () =>
      answer(ChatInboxConversationResponseSchema, { conversation: current }),
    ),
    http.patch(`/api/admin/chat/conversations/${line.id}`, async ({ request }) => {
      const change = (await request.json()) as UpdateChatInboxRequest;
      current = {
        ...current,
        ...(change.status ? { status: change.status } : {}),
        ...(change.assignee_id !== undefined
          ? { assignee: change.assignee_id === sofia.id ? sofia : change.assignee_id ? ada : null }
          : {}),
      };
      return answer(ChatInboxConversationResponseSchema, { conversation: current });
    }),
    http.post(`/api/admin/chat/conversations/${line.id}/read`, () =>
      answer(ChatInboxConversationResponseSchema, { conversation: { ...current, unread: 0 } }),
    ),
    http.post(`/api/admin/chat/conversations/${line.id}/messages`, async ({ request }) => {
      const body = (await request.json()) as SendChatMessageRequest;
      const message = buildMessage(2, {
        conversation_id: line.id,
        client_message_id: body.client_message_id,
        author: { ...ada, id: admin.id },
        body: body.body ?? '',
        abilities: {
          can_edit: false,
          can_delete: false,
          can_remove: true,
          can_reply: true,
          can_react: false,
          can_report: false,
        },
      });
      messages.push(message);
      return answer(ChatMessageResponseSchema, { message }, { status: 201 });
    }),
    http.get(`/api/admin/chat/conversations/${line.id}/notes`, () =>
      answer(ChatNotesResponseSchema, { notes: [...notes].reverse(), next_cursor: null }),
    ),
    http.post(`/api/admin/chat/conversations/${line.id}/notes`, async ({ request }) => {
      const { body } = (await request.json()) as { body: string };
      const note = {
        id: testId(800 + notes.length),
        conversation_id: line.id,
        author: ada,
        body,
        created_at: CREATED,
      };
      notes.push(note);
      return answer(ChatNoteResponseSchema, { note }, { status: 201 });
    }),
    http.get('/api/admin/chat/canned-replies', () =>
      answer(ChatCannedRepliesResponseSchema, {
        replies: [
          {
            id: testId(900),
            title: 'Not yet public',
            body: 'This is not public yet.',
            created_at: CREATED,
            updated_at: CREATED,
          },
        ],
        next_cursor: null,
      }),
    ),
    http.get('/api/admin/users', ({ request }) => {
      const role = new URL(request.url).searchParams.get('role');
      const person = (p: typeof sofia, r: 'ADMIN' | 'ANALYST') => ({
        id: p.id,
        email: null,
        display_name: p.display_name,
        image_url: null,
        role: r,
        team_tags: [],
        teams: [],
        is_active: true,
        status: 'active' as const,
        created_at: CREATED,
        invited_at: null,
        last_active_at: null,
        can_manage: r === 'ANALYST',
      });
      return answer(AdminUsersResponseSchema, {
        users: role === 'ADMIN' ? [person({ ...ada, id: admin.id }, 'ADMIN')] : [person(sofia, 'ANALYST')],
        next_cursor: null,
      });
    }),
  );
}

const renderInbox = (url = '/admin/chat') =>
  renderWithProviders(<AdminChatScreen />, { session: admin, url });

describe('Admin chat', () => {
  it('filters the inbox, answers with a canned reply, assigns to a colleague and resolves', async () => {
    const line = buildInboxConversation({ id: testId(701) });
    serveInbox(line);
    const { user } = renderInbox();
    const inbox = await screen.findByRole('navigation', { name: 'Inbox' });
    expect(within(inbox).getByRole('link', { name: /Grace Hopper.*Unassigned/ })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Mine' }));
    expect(await screen.findByText('Nothing waiting')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Unassigned' }));
    await user.click(await screen.findByRole('link', { name: /Grace Hopper/ }));

    expect(await screen.findByRole('heading', { name: 'Grace Hopper', level: 2 })).toBeInTheDocument();
    expect(await screen.findByText('Can I share the pricing page?')).toBeInTheDocument();

    // A canned reply goes into the composer, and is sent as the brand team's answer.
    await user.click(screen.getByRole('button', { name: 'Insert a canned reply' }));
    await user.click(await screen.findByRole('menuitem', { name: /Not yet public/ }));
    const composer = screen.getByRole('textbox', { name: 'Reply to Grace Hopper' });
    await waitFor(() => expect(composer).toHaveValue('This is not public yet.'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('This is not public yet.', { selector: 'p span' })).toBeInTheDocument();
    const [sent] = (await receivedBodies('POST', `/api/admin/chat/conversations/${line.id}/messages`)) as [
      SendChatMessageRequest,
    ];
    expect(sent.body).toBe('This is not public yet.');

    await user.click(screen.getByRole('button', { name: /Assigned to/ }));
    await user.click(await screen.findByRole('option', { name: 'Sofia Martinez' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Assigned to/ })).toHaveTextContent('Sofia Martinez'),
    );

    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    expect(await receivedBodies('PATCH', `/api/admin/chat/conversations/${line.id}`)).toEqual([
      { assignee_id: sofia.id },
      { status: 'resolved' },
    ]);
    expect(
      (await receivedRequests('GET', '/api/admin/chat/conversations')).map((r) => r.query.box),
    ).toContain('unassigned');
  });

  it('keeps internal notes apart, marked as seen only by the brand team', async () => {
    const line = buildInboxConversation({ id: testId(702) });
    serveInbox(line);
    const { user } = renderInbox(`/admin/chat?conversation=${line.id}`);
    await user.click(await screen.findByRole('button', { name: 'Notes' }));
    expect(await screen.findByText('Only the brand team sees this.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Add a note' }), 'Asked marketing, answer by Friday');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    const notes = await screen.findByRole('list', { name: 'Internal notes' });
    expect(await within(notes).findByText('Asked marketing, answer by Friday')).toBeInTheDocument();
    // Nothing of it went to the member's conversation.
    expect(await receivedRequests('POST', `/api/admin/chat/conversations/${line.id}/messages`)).toEqual([]);
  });

  it('opens a link to a message of the admin’s own conversations in /chat', async () => {
    serveInbox(buildInboxConversation({ id: testId(703) }));
    server.use(http.get(`/api/admin/chat/messages/${testId(704)}`, () => failure(404, 'Message not found')));
    const { router } = renderInbox(`/admin/chat?scroll=${testId(704)}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    expect(router.state.location.search).toBe(`?scroll=${testId(704)}`);
  });
});
