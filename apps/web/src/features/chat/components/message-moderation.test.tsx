import {
  ChatConversationResponseSchema,
  ChatConversationsResponseSchema,
  type ChatMessage,
  ChatMessageResponseSchema,
  OkResponseSchema,
  type User,
} from '@rally/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser, testId } from '../../../testing/data';
import { answer } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedRequests, server } from '../../../testing/server';
import { ada, buildConversation, buildMessage, serveMessages } from '../testing/chat-data';
import { ChatScreen } from './chat-screen';

const admin = buildUser({ role: 'ADMIN' });
const member = buildUser();
const ABILITIES = { can_edit: false, can_delete: false, can_reply: true, can_react: true, can_report: true };

/** The Marketing team's channel holding `messages`, as /chat reads it. */
function serveChannel(id: string, messages: ChatMessage[]) {
  const conversation = buildConversation({ id, kind: 'team', title: 'Marketing', team_id: testId(40) });
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
  );
}

const open = (session: User, id: string) =>
  renderWithProviders(<ChatScreen />, { session, url: `/chat?conversation=${id}` });
const menuOf = (article: HTMLElement, name: string) =>
  within(article).getByRole('button', { name: `Actions for the message from ${name}` });

describe('Chat moderation in /chat', () => {
  it('lets an admin remove a member’s message of a team channel after confirming, through the admin route', async () => {
    const id = testId(630);
    const theirs = buildMessage(1, {
      conversation_id: id,
      body: 'Off-brand joke',
      abilities: { ...ABILITIES, can_remove: true },
    });
    const own = buildMessage(2, {
      conversation_id: id,
      author: ada,
      body: 'Please keep it friendly',
      abilities: { ...ABILITIES, can_delete: true, can_remove: false, can_report: false },
    });
    const messages = [theirs, own];
    serveChannel(id, messages);
    server.use(
      http.delete(`/api/admin/chat/messages/${theirs.id}`, () => {
        const removed = {
          ...theirs,
          body: '',
          deleted: true,
          abilities: { ...ABILITIES, can_remove: false },
        };
        messages[0] = removed;
        return answer(ChatMessageResponseSchema, { message: removed });
      }),
    );
    const { user } = open(admin, id);
    const article = await screen.findByRole('article', { name: 'Message from Sofia Martinez' });

    // Their own message offers Delete (the author's), not Remove.
    const mine = screen.getByRole('article', { name: 'Message from Ada Lovelace' });
    await user.click(menuOf(mine, 'Ada Lovelace'));
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Remove message' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    // Cancel leaves the message alone.
    await user.click(menuOf(article, 'Sofia Martinez'));
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('menuitem', { name: 'Remove message' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove this message?' });
    expect(dialog).toHaveTextContent(
      'remove the message from Sofia Martinez for everyone in the conversation',
    );
    expect(dialog).toHaveTextContent('recorded in the audit log');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(article).getByText('Off-brand joke')).toBeInTheDocument();
    expect(await receivedRequests('DELETE')).toEqual([]);

    await user.click(menuOf(article, 'Sofia Martinez'));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove message' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove this message?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove message' }));

    expect(await within(article).findByText('Message deleted')).toBeInTheDocument();
    expect(within(article).queryByText('Off-brand joke')).not.toBeInTheDocument();
    expect((await receivedRequests('DELETE')).map((r) => r.path)).toEqual([
      `/api/admin/chat/messages/${theirs.id}`,
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers members no removal of others’ messages', async () => {
    const id = testId(631);
    serveChannel(id, [
      buildMessage(1, {
        conversation_id: id,
        body: 'Hello team',
        abilities: { ...ABILITIES, can_remove: false },
      }),
    ]);
    const { user } = open(member, id);
    const article = await screen.findByRole('article', { name: 'Message from Sofia Martinez' });
    await user.click(menuOf(article, 'Sofia Martinez'));
    expect(await screen.findByRole('menuitem', { name: 'Report' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Remove message' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
