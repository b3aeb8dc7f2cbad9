import {
  ChatConversationResponseSchema,
  ChatConversationsResponseSchema,
  type ChatMessage,
  ChatMessageResponseSchema,
  OkResponseSchema,
  type SendChatMessageRequest,
} from '@rally/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser, testId } from '../../../testing/data';
import { answer, failure } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedBodies, receivedRequests, server } from '../../../testing/server';
import { ada, buildConversation, buildMessage, later, messageId, serveMessages } from '../testing/chat-data';
import { ChatScreen } from './chat-screen';

const me = buildUser();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** One conversation with Sofia holding `messages`; sending stores into it like the server (once per client id). */
function serveChat(
  id: string,
  messages: ChatMessage[],
  onSend?: (body: SendChatMessageRequest) => Response | null,
) {
  const conversation = buildConversation({ id });
  serveMessages(id, messages);
  server.use(
    http.get('/api/chat/conversations', () =>
      answer(ChatConversationsResponseSchema, { conversations: [conversation], next_cursor: null }),
    ),
    http.get(`/api/chat/conversations/${id}`, () => answer(ChatConversationResponseSchema, { conversation })),
    http.post(`/api/chat/conversations/${id}/read`, () =>
      answer(ChatConversationResponseSchema, { conversation }),
    ),
    http.post(`/api/chat/conversations/${id}/typing`, () => answer(OkResponseSchema, { ok: true })),
    http.post(`/api/chat/conversations/${id}/messages`, async ({ request }) => {
      const body = (await request.json()) as SendChatMessageRequest;
      const refused = onSend?.(body);
      if (refused) return refused;
      const stored = messages.find((m) => m.client_message_id === body.client_message_id);
      if (stored) return answer(ChatMessageResponseSchema, { message: stored });
      const message = buildMessage(messages.length + 1, {
        conversation_id: id,
        client_message_id: body.client_message_id,
        author: ada,
        body: body.body ?? '',
        parent_id: body.parent_id ?? null,
        abilities: {
          can_edit: true,
          can_delete: true,
          can_remove: false,
          can_reply: true,
          can_react: true,
          can_report: false,
        },
      });
      messages.push(message);
      return later(150, () => answer(ChatMessageResponseSchema, { message }, { status: 201 }));
    }),
  );
  return conversation;
}

/** Waits until a send has settled: its message fetched into the pages and the list asked again. */
async function sendSettled(id: string) {
  await waitFor(async () => {
    const pages = await receivedRequests('GET', `/api/chat/conversations/${id}/messages`);
    expect(pages.length).toBeGreaterThan(1);
    expect((await receivedRequests('GET', '/api/chat/conversations')).length).toBeGreaterThan(1);
  });
  await waitFor(() => expect(screen.queryByText('Sending…')).not.toBeInTheDocument());
}

const open = (id: string) =>
  renderWithProviders(<ChatScreen />, { session: me, url: `/chat?conversation=${id}` });

describe('Chat composer', () => {
  it('sends on Enter, shows the message at once, and keeps Shift+Enter for a new line', async () => {
    const messages = [buildMessage(1, { conversation_id: testId(600) })];
    serveChat(testId(600), messages);
    const { user } = open(testId(600));
    const box = await screen.findByRole('textbox', { name: 'Message Sofia Martinez' });
    await screen.findByText('Message number 1');

    await user.type(box, 'See you at{Shift>}{Enter}{/Shift}the booth');
    expect(box).toHaveValue('See you at\nthe booth');
    await user.keyboard('{Enter}');

    // Optimistic: shown while the server is still answering, and the composer is empty again.
    expect(await screen.findByText('Sending…')).toBeInTheDocument();
    expect(box).toHaveValue('');
    const log = screen.getByRole('log');
    await sendSettled(testId(600));
    expect(within(log).getAllByText(/See you at/)).toHaveLength(1);
    const [sent] = (await receivedBodies('POST', `/api/chat/conversations/${testId(600)}/messages`)) as [
      SendChatMessageRequest,
    ];
    expect(sent).toEqual({
      client_message_id: expect.stringMatching(UUID),
      body: 'See you at\nthe booth',
      mentions: [],
      attachments: [],
    });
    // Brought into the pages by cursor from the newest message shown, not trusted from the answer alone.
    const newer = (await receivedRequests('GET', `/api/chat/conversations/${testId(600)}/messages`)).filter(
      (r) => r.query.limit === '-20',
    );
    expect(newer[0]?.query.cursor).toBe(messageId(1));
  });

  it('offers Retry after a failed send, and a retry carries the same client id so it is stored once', async () => {
    const messages: ChatMessage[] = [];
    let failures = 1;
    serveChat(testId(601), messages, () => (failures-- > 0 ? failure(503, 'The server is busy') : null));
    const { user } = open(testId(601));
    const box = await screen.findByRole('textbox', { name: 'Message Sofia Martinez' });

    await user.type(box, 'Hello there{Enter}');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not sent. The server is busy');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    await sendSettled(testId(601));
    expect(screen.getAllByText('Hello there')).toHaveLength(1);
    const sends = (await receivedBodies('POST', `/api/chat/conversations/${testId(601)}/messages`)) as {
      client_message_id: string;
    }[];
    expect(sends).toHaveLength(2);
    expect(sends[1]?.client_message_id).toBe(sends[0]?.client_message_id);
    expect(messages).toHaveLength(1);
  });

  it('shows brand safety’s refusal naming the phrase, without Retry; Discard drops the message', async () => {
    serveChat(testId(602), [], () =>
      failure(400, 'Message contains "scam", which is not allowed', 'blocked_text'),
    );
    const { user } = open(testId(602));
    const box = await screen.findByRole('textbox', { name: 'Message Sofia Martinez' });

    await user.type(box, 'Not a scam{Enter}');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Message contains "scam", which is not allowed');
    expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Discard' }));
    expect(screen.queryByText('Not a scam')).not.toBeInTheDocument();
  });
});

describe('Chat messages', () => {
  it('reacts, edits and deletes the member’s own message (after confirming: "Message deleted")', async () => {
    const id = testId(610);
    const mine = buildMessage(1, {
      conversation_id: id,
      author: ada,
      body: 'Draft text',
      abilities: {
        can_edit: true,
        can_delete: true,
        can_remove: false,
        can_reply: true,
        can_react: true,
        can_report: false,
      },
    });
    serveChat(id, [mine]);
    server.use(
      http.put(`/api/chat/messages/${mine.id}/reactions`, () =>
        answer(ChatMessageResponseSchema, {
          message: { ...mine, reactions: [{ emoji: '🎉', count: 1, mine: true }] },
        }),
      ),
      http.patch(`/api/chat/messages/${mine.id}`, async ({ request }) => {
        const { body } = (await request.json()) as { body: string };
        return answer(ChatMessageResponseSchema, {
          message: { ...mine, body, edited_at: new Date().toISOString() },
        });
      }),
      http.delete(`/api/chat/messages/${mine.id}`, () =>
        answer(ChatMessageResponseSchema, { message: { ...mine, body: '', deleted: true } }),
      ),
    );
    const { user } = open(id);
    const article = await screen.findByRole('article', { name: 'Message from Ada Lovelace' });

    await user.click(within(article).getByRole('button', { name: 'Add a reaction' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Celebrate' }));
    expect(
      await within(article).findByRole('button', { name: 'Celebrate: 1 reaction', pressed: true }),
    ).toBeInTheDocument();
    expect(await receivedBodies('PUT', `/api/chat/messages/${mine.id}/reactions`)).toEqual([{ emoji: '🎉' }]);

    await user.click(
      within(article).getByRole('button', { name: 'Actions for the message from Ada Lovelace' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const edit = within(article).getByRole('textbox', { name: 'Edit your message' });
    await user.clear(edit);
    await user.type(edit, 'Final text{Enter}');
    expect(await within(article).findByText('Final text')).toBeInTheDocument();
    expect(within(article).getByText('(edited)')).toBeInTheDocument();

    await user.click(
      within(article).getByRole('button', { name: 'Actions for the message from Ada Lovelace' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this message?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(article).findByText('Message deleted')).toBeInTheDocument();
    expect(within(article).queryByText('Final text')).not.toBeInTheDocument();
  });

  it('reports someone else’s message with a reason', async () => {
    const id = testId(611);
    const theirs = buildMessage(1, { conversation_id: id });
    serveChat(id, [theirs]);
    server.use(
      http.post(`/api/chat/messages/${theirs.id}/report`, () => answer(OkResponseSchema, { ok: true })),
    );
    const { user } = open(id);
    const article = await screen.findByRole('article', { name: 'Message from Sofia Martinez' });
    await user.click(
      within(article).getByRole('button', { name: 'Actions for the message from Sofia Martinez' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this message' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Spam link');
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Reported. The brand team will review it.')).toBeInTheDocument();
    expect(await receivedBodies('POST', `/api/chat/messages/${theirs.id}/report`)).toEqual([
      { reason: 'Spam link' },
    ]);
  });

  it('opens a thread from its replies and answers in it', async () => {
    const id = testId(612);
    const root = buildMessage(1, { conversation_id: id, body: 'Who joins Friday?', reply_count: 1 });
    const messages = [
      root,
      buildMessage(2, { conversation_id: id, parent_id: root.id, body: 'Count me in' }),
    ];
    serveChat(id, messages);
    const { user, router } = open(id);
    await user.click(await screen.findByRole('button', { name: '1 reply' }));

    const thread = await screen.findByRole('log', { name: 'Replies' });
    expect(await within(thread).findByText('Count me in')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?conversation=${id}&thread=${root.id}`);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Thread' })).toHaveFocus());
    await user.type(screen.getByRole('textbox', { name: 'Reply in thread' }), 'Me too{Enter}');

    expect(await within(thread).findByText('Me too')).toBeInTheDocument();
    await sendSettled(id);
    const [sent] = (await receivedBodies('POST', `/api/chat/conversations/${id}/messages`)) as [
      SendChatMessageRequest,
    ];
    expect(sent.parent_id).toBe(root.id);
    await user.click(screen.getByRole('button', { name: 'Close thread' }));
    expect(router.state.location.search).toBe(`?conversation=${id}`);
  });
});
