import {
  ChatContactsResponseSchema,
  type ChatConversation,
  ChatConversationResponseSchema,
  ChatConversationsResponseSchema,
  ChatMessagesResponseSchema,
  ChatSeenResponseSchema,
} from '@rally/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildClient, buildUser, testId } from '../../../testing/data';
import { answer, failure } from '../../../testing/handlers';
import { renderApp, renderWithProviders } from '../../../testing/render';
import { receivedBodies, receivedRequests, server } from '../../../testing/server';
import { setViewport } from '../../../testing/viewport';
import {
  buildConversation,
  buildMessage,
  grace,
  messageId,
  serveMessages,
  sofia,
} from '../testing/chat-data';
import { ChatScreen } from './chat-screen';

const client = buildClient({ features: [{ id: 'community' }, { id: 'chat' }] });
const me = buildUser({ client });

/** The member's conversations and each one's own answer, read pointers and typing accepted. */
function serveConversations(conversations: ChatConversation[]) {
  server.use(
    http.get('/api/chat/conversations', () =>
      answer(ChatConversationsResponseSchema, { conversations, next_cursor: null }),
    ),
    http.get('/api/chat/conversations/:id', ({ params }) => {
      const conversation = conversations.find((c) => c.id === params.id)!;
      return answer(ChatConversationResponseSchema, { conversation });
    }),
    http.post('/api/chat/conversations/:id/read', async ({ params, request }) => {
      const { message_id } = (await request.json()) as { message_id: string };
      const conversation = conversations.find((c) => c.id === params.id)!;
      return answer(ChatConversationResponseSchema, {
        conversation: { ...conversation, unread: 0, last_read_message_id: message_id },
      });
    }),
  );
}

const renderChat = (url = '/chat') => renderWithProviders(<ChatScreen />, { session: me, url });

describe('Chat: the conversation list', () => {
  it('lists each conversation with its name, last message, time, unread count and muted mark', async () => {
    serveConversations([
      buildConversation({
        id: testId(501),
        last_message: buildMessage(3, { body: 'Coffee on Thursday?' }),
        unread: 2,
      }),
      buildConversation({
        id: testId(502),
        kind: 'team',
        title: 'Marketing',
        members: [],
        member_count: 5,
        muted: true,
        last_message: buildMessage(2, { author: grace, body: 'Calendar is in the library' }),
      }),
      buildConversation({ id: testId(503), kind: 'brand', members: [], last_message: null }),
      buildConversation({
        id: testId(504),
        kind: 'group',
        members: [sofia, grace],
        last_message: buildMessage(1, { author: { ...sofia, id: me.id }, body: 'See you there' }),
      }),
    ]);
    renderChat();
    const nav = await screen.findByRole('navigation', { name: 'Conversations' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      expect.stringMatching(/^Sofia Martinez.*Coffee on Thursday\?22 unread messages$/),
      expect.stringMatching(/^Marketing.*Grace: Calendar is in the library$/),
      expect.stringMatching(/^Acme brand team.*No messages yet$/),
      expect.stringMatching(/^Sofia Martinez, Grace Hopper.*You: See you there$/),
    ]);
    expect(within(links[1]!).getByRole('img', { name: 'Muted' })).toBeInTheDocument();
    // Nothing is open yet: the desktop shows how to start.
    expect(screen.getByText('Pick a conversation')).toBeInTheDocument();
  });

  it('says how to start when there is no conversation, and starts a direct message', async () => {
    const started = buildConversation({ id: testId(505) });
    serveConversations([]);
    serveMessages(started.id, []);
    server.use(
      http.get('/api/chat/contacts', () =>
        answer(ChatContactsResponseSchema, { people: [sofia, grace], next_cursor: null }),
      ),
      http.post('/api/chat/conversations', () =>
        answer(ChatConversationResponseSchema, { conversation: started }, { status: 201 }),
      ),
      http.get(`/api/chat/conversations/${started.id}`, () =>
        answer(ChatConversationResponseSchema, { conversation: started }),
      ),
    );
    const { user, router } = renderChat();
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'New message' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    await user.click(await within(dialog).findByRole('button', { name: 'Sofia Martinez' }));
    await user.click(within(dialog).getByRole('button', { name: 'Start conversation' }));

    expect(await screen.findByRole('heading', { name: 'Sofia Martinez', level: 2 })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?conversation=${started.id}`);
    expect(await receivedBodies('POST', '/api/chat/conversations')).toEqual([
      { kind: 'direct', user_id: sofia.id },
    ]);
  });
  it('shows more people by cursor in the new message dialog, and a group can take someone from the second page', async () => {
    serveConversations([]);
    server.use(
      http.get('/api/chat/contacts', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        return answer(
          ChatContactsResponseSchema,
          cursor === sofia.id
            ? { people: [grace], next_cursor: null }
            : { people: [sofia], next_cursor: sofia.id },
        );
      }),
    );
    const { user } = renderChat();
    await user.click((await screen.findAllByRole('button', { name: 'New message' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    await user.click(await within(dialog).findByRole('button', { name: 'Sofia Martinez' }));
    await user.click(within(dialog).getByRole('button', { name: 'Show more people' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Grace Hopper' }));
    expect(within(dialog).queryByRole('button', { name: 'Show more people' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Chosen: Sofia Martinez, Grace Hopper')).toBeInTheDocument();
    expect((await receivedRequests('GET', '/api/chat/contacts')).map((r) => r.query.cursor)).toEqual([
      undefined,
      sofia.id,
    ]);
  });
});

/** Messages 1…n of Sofia in the conversation, oldest first. */
const history = (n: number, conversationId: string) =>
  Array.from({ length: n }, (_, i) => buildMessage(i + 1, { conversation_id: conversationId }));

describe('Chat: a conversation', () => {
  it('shows the newest page with day separators and loads older messages by cursor above them', async () => {
    const conversation = buildConversation({ id: testId(510) });
    const messages = history(25, conversation.id);
    // The oldest five were written the day before.
    for (const m of messages.slice(0, 5))
      m.created_at = new Date(Date.parse(m.created_at) - 86_400_000).toISOString();
    serveConversations([conversation]);
    serveMessages(conversation.id, messages);
    const { user } = renderChat(`/chat?conversation=${conversation.id}`);

    const log = await screen.findByRole('log', { name: 'Messages with Sofia Martinez' });
    await within(log).findByText('Message number 25');
    expect(within(log).getAllByRole('article')).toHaveLength(20);
    expect(within(log).queryByText('Message number 5')).not.toBeInTheDocument();
    // Every message carries its id, so links can scroll to it.
    expect(document.getElementById(`message-${messageId(25)}`)).toHaveAttribute(
      'data-message-id',
      messageId(25),
    );

    await user.click(screen.getByRole('button', { name: 'Load earlier messages' }));

    await within(log).findByText('Message number 1');
    const articles = within(log).getAllByRole('article');
    expect(articles).toHaveLength(25);
    expect(articles[0]).toHaveTextContent('Message number 1');
    expect(articles.at(-1)).toHaveTextContent('Message number 25');
    expect(within(log).getAllByRole('heading', { level: 3 })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
    const pages = (await receivedRequests('GET', `/api/chat/conversations/${conversation.id}/messages`)).map(
      (r) => r.query,
    );
    expect(pages).toEqual([{ limit: '20' }, { limit: '20', cursor: messageId(6) }]);
  });

  it('marks the conversation read up to its newest message, once', async () => {
    const conversation = buildConversation({
      id: testId(511),
      unread: 2,
      last_read_message_id: messageId(1),
    });
    serveConversations([conversation]);
    serveMessages(conversation.id, history(3, conversation.id));
    renderChat(`/chat?conversation=${conversation.id}`);
    await screen.findByText('Message number 3');
    // The first unread message is marked.
    expect(screen.getByText('New')).toBeInTheDocument();

    await waitFor(async () =>
      expect(await receivedBodies('POST', `/api/chat/conversations/${conversation.id}/read`)).toEqual([
        { message_id: messageId(3) },
      ]),
    );
  });

  it('opens /chat?thread=…&scroll=… in place: the conversation, the thread and the reply outlined', async () => {
    const conversation = buildConversation({
      id: testId(512),
      kind: 'team',
      title: 'Marketing',
      members: [],
    });
    const root = buildMessage(2, {
      conversation_id: conversation.id,
      reply_count: 2,
      body: 'Who joins Friday?',
    });
    const messages = [
      buildMessage(1, { conversation_id: conversation.id }),
      root,
      buildMessage(3, { conversation_id: conversation.id, parent_id: root.id, body: 'Count me in' }),
      buildMessage(4, {
        conversation_id: conversation.id,
        parent_id: root.id,
        author: grace,
        body: 'Me too',
      }),
    ];
    serveConversations([conversation]);
    serveMessages(conversation.id, messages);
    const { router } = renderChat(`/chat?thread=${root.id}&scroll=${messageId(4)}`);

    const thread = await screen.findByRole('log', { name: 'Replies' });
    const reply = await within(thread).findByRole('article', { name: 'Message from Grace Hopper' });
    expect(reply).toHaveAttribute('id', `message-${messageId(4)}`);
    await waitFor(() => expect(reply).toHaveClass('ring-2'));
    expect(screen.getByRole('heading', { name: 'Thread', level: 2 })).toBeInTheDocument();
    // The address now names the conversation too (replaced, not pushed).
    expect(router.state.location.search).toBe(
      `?thread=${root.id}&scroll=${messageId(4)}&conversation=${conversation.id}`,
    );
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('ignores a pixel offset in scroll and says so when a linked message cannot be seen', async () => {
    serveConversations([]);
    server.use(http.get('/api/chat/messages/:id', () => failure(404, 'Message not found')));
    renderChat(`/chat?scroll=${testId(999)}`);
    expect(await screen.findByText(/This message isn't available/)).toBeInTheDocument();

    renderChat('/chat?scroll=480');
    expect(await screen.findAllByText('No conversations yet')).not.toHaveLength(0);
    expect(await receivedRequests('GET', '/api/chat/messages/480')).toEqual([]);
  });

  it('brings a live message in by cursor, once, when the stream tells of it', async () => {
    const conversation = buildConversation({ id: testId(513) });
    const messages = history(2, conversation.id);
    serveConversations([conversation]);
    serveMessages(conversation.id, messages);
    renderChat(`/chat?conversation=${conversation.id}`);
    const log = await screen.findByRole('log');
    await within(log).findByText('Message number 2');

    messages.push(buildMessage(3, { conversation_id: conversation.id, body: 'Are you there?' }));
    const tell = () =>
      window.dispatchEvent(
        new CustomEvent('rally:live', {
          detail: {
            event: 'chat.message',
            data: { conversation_id: conversation.id, message_id: messageId(3), parent_id: null },
          },
        }),
      );
    act(() => {
      tell();
      tell();
    });

    await within(log).findByText('Are you there?');
    await waitFor(async () => {
      const newer = (
        await receivedRequests('GET', `/api/chat/conversations/${conversation.id}/messages`)
      ).filter((r) => r.query.limit === '-20');
      expect(newer.map((r) => r.query.cursor)).toEqual([messageId(2), messageId(3)]);
    });
    expect(within(log).getAllByText('Are you there?')).toHaveLength(1);
  });

  it('catches up after the live stream reconnects: every missed message once, in order', async () => {
    const conversation = buildConversation({ id: testId(517) });
    const messages = history(2, conversation.id);
    serveConversations([conversation]);
    serveMessages(conversation.id, messages);
    renderChat(`/chat?conversation=${conversation.id}`);
    const log = await screen.findByRole('log');
    await within(log).findByText('Message number 2');

    // 25 messages written while the stream was down: more than one page of newer messages.
    for (let n = 3; n <= 27; n += 1) messages.push(buildMessage(n, { conversation_id: conversation.id }));
    act(() => {
      window.dispatchEvent(
        new CustomEvent('rally:live', { detail: { event: 'stream.reopened', data: null } }),
      );
    });

    await within(log).findByText('Message number 27');
    const bodies = within(log)
      .getAllByRole('article')
      .map((a) => a.textContent?.match(/Message number (\d+)/)?.[1]);
    expect(bodies).toEqual(Array.from({ length: 27 }, (_, i) => String(i + 1)));
  });

  it('shows who is typing for a few seconds', async () => {
    const conversation = buildConversation({ id: testId(514) });
    serveConversations([conversation]);
    serveMessages(conversation.id, history(1, conversation.id));
    renderChat(`/chat?conversation=${conversation.id}`);
    await screen.findByText('Message number 1');
    act(() => {
      window.dispatchEvent(
        new CustomEvent('rally:live', {
          detail: {
            event: 'chat.typing',
            data: { conversation_id: conversation.id, user_id: sofia.id, parent_id: null },
          },
        }),
      );
    });
    expect(await screen.findByText('Sofia Martinez is typing…')).toBeInTheDocument();
  });
});

describe('Chat: search and mute', () => {
  it('finds messages and opens one in its conversation', async () => {
    const conversation = buildConversation({ id: testId(515) });
    const messages = history(3, conversation.id);
    serveConversations([conversation]);
    serveMessages(conversation.id, messages);
    server.use(
      http.get('/api/chat/search', () =>
        answer(ChatMessagesResponseSchema, { messages: [messages[1]!], next_cursor: null }),
      ),
    );
    const { user, router } = renderChat();
    await screen.findByRole('navigation', { name: 'Conversations' });
    await user.type(screen.getByRole('searchbox', { name: 'Search messages' }), 'number 2{Enter}');

    const results = await screen.findByRole('region', { name: 'Search results' });
    expect(within(results).getByRole('status')).toHaveTextContent('1 message matches “number 2”');
    await user.click(within(results).getByRole('link', { name: /Message number 2/ }));

    expect(router.state.location.search).toBe(`?conversation=${conversation.id}&scroll=${messageId(2)}`);
    const target = await screen.findByText('Message number 2', { selector: 'article p span' });
    await waitFor(() => expect(target.closest('article')).toHaveClass('ring-2'));
    expect(await receivedRequests('GET', '/api/chat/search')).toMatchObject([{ query: { q: 'number 2' } }]);
  });

  it('mutes a conversation from its menu', async () => {
    const conversation = buildConversation({ id: testId(516) });
    serveConversations([conversation]);
    serveMessages(conversation.id, history(1, conversation.id));
    server.use(
      http.patch(`/api/chat/conversations/${conversation.id}`, async ({ request }) =>
        answer(ChatConversationResponseSchema, {
          conversation: { ...conversation, ...((await request.json()) as { muted: boolean }) },
        }),
      ),
    );
    const { user } = renderChat(`/chat?conversation=${conversation.id}`);
    await user.click(await screen.findByRole('button', { name: 'Options for Sofia Martinez' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mute' }));

    expect(await screen.findAllByText('Muted')).not.toHaveLength(0);
    expect(await receivedBodies('PATCH', `/api/chat/conversations/${conversation.id}`)).toEqual([
      { muted: true },
    ]);
  });
});

describe('Chat at 360 px', () => {
  it('shows one pane at a time: the list, then the conversation with a way back', async () => {
    setViewport(360);
    const conversation = buildConversation({ id: testId(520) });
    serveConversations([conversation]);
    serveMessages(conversation.id, history(2, conversation.id));
    const { user } = renderChat();
    const link = await screen.findByRole('link', { name: /Sofia Martinez/ });
    expect(screen.getByText('Pick a conversation')).not.toBeVisible();

    await user.click(link);

    const heading = await screen.findByRole('heading', { name: 'Sofia Martinez', level: 2 });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByRole('navigation', { name: 'Conversations' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to conversations' }));
    expect(await screen.findByRole('navigation', { name: 'Conversations' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sofia Martinez', level: 2 })).not.toBeInTheDocument();
  });
});

describe('Chat in the app', () => {
  it('opens the first unread message from the header button, and the badge drops once it is read', async () => {
    const conversation = buildConversation({
      id: testId(530),
      unread: 1,
      last_read_message_id: messageId(1),
    });
    const messages = history(2, conversation.id);
    serveConversations([conversation]);
    serveMessages(conversation.id, messages);
    let unread = 1;
    server.use(
      http.get('/api/chat/seen', () =>
        answer(ChatSeenResponseSchema, {
          unread,
          first: unread ? { id: messageId(2), parent_id: null } : null,
          threads: [],
        }),
      ),
      http.post(`/api/chat/conversations/${conversation.id}/read`, () => {
        unread = 0;
        return answer(ChatConversationResponseSchema, {
          conversation: { ...conversation, unread: 0, last_read_message_id: messageId(2) },
        });
      }),
    );
    const { user, router } = renderApp('/', { session: me });
    // Its name holds what it shows (WCAG 2.5.3): the count as well as "Chat".
    const button = await screen.findByRole('link', { name: 'Chat, 1 unread message' });
    await waitFor(() => expect(button).toHaveAttribute('href', `/chat?scroll=${messageId(2)}`));
    expect(screen.getByTestId('chat-unread')).toHaveTextContent('1');

    await user.click(button);

    expect(await screen.findByText('Message number 2')).toBeInTheDocument();
    expect(router.state.location.search).toContain(`conversation=${conversation.id}`);
    await waitFor(() => expect(screen.queryByTestId('chat-unread')).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Chat' })).toBe(button);
  });
});
