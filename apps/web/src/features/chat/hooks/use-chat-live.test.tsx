import {
  ChatConversationResponseSchema,
  ChatConversationsResponseSchema,
  ChatSeenResponseSchema,
} from '@rally/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildClient, buildUser, testId } from '../../../testing/data';
import { answer } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { receivedRequests, server } from '../../../testing/server';
import { buildConversation, buildMessage, messageId, serveMessages } from '../testing/chat-data';

/** The browser's EventSource, which happy-dom lacks: records the app's stream and delivers what the server sends. */
class TestEventSource extends EventTarget {
  static opened: TestEventSource[] = [];
  isClosed = false;
  constructor(readonly url: string) {
    super();
    TestEventSource.opened.push(this);
  }
  close() {
    this.isClosed = true;
  }
  deliver(type: string, data: unknown) {
    act(() => {
      this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
    });
  }
}

const me = buildUser({ client: buildClient({ features: [{ id: 'chat' }] }) });

beforeEach(() => {
  TestEventSource.opened = [];
  vi.stubGlobal('EventSource', TestEventSource);
});
afterEach(() => vi.unstubAllGlobals());

describe('chat over the live stream', () => {
  it('brings a new message into the open conversation and asks for the unread count again', async () => {
    const conversation = buildConversation({ id: testId(540) });
    const messages = [buildMessage(1, { conversation_id: conversation.id })];
    serveMessages(conversation.id, messages);
    server.use(
      http.get('/api/chat/conversations', () =>
        answer(ChatConversationsResponseSchema, { conversations: [conversation], next_cursor: null }),
      ),
      http.get(`/api/chat/conversations/${conversation.id}`, () =>
        answer(ChatConversationResponseSchema, { conversation }),
      ),
      http.post(`/api/chat/conversations/${conversation.id}/read`, () =>
        answer(ChatConversationResponseSchema, { conversation }),
      ),
      http.get('/api/chat/seen', () =>
        answer(ChatSeenResponseSchema, { unread: 0, first: null, threads: [] }),
      ),
    );
    renderApp(`/chat?conversation=${conversation.id}`, { session: me });
    const log = await screen.findByRole('log');
    await within(log).findByText('Message number 1');
    await waitFor(() => expect(TestEventSource.opened.filter((s) => !s.isClosed)).toHaveLength(1));
    const stream = TestEventSource.opened.find((s) => !s.isClosed)!;
    const seenBefore = (await receivedRequests('GET', '/api/chat/seen')).length;

    messages.push(buildMessage(2, { conversation_id: conversation.id, body: 'Live from Sofia' }));
    stream.deliver('chat.message', {
      conversation_id: conversation.id,
      message_id: messageId(2),
      parent_id: null,
    });

    expect(await within(log).findByText('Live from Sofia')).toBeInTheDocument();
    await waitFor(async () =>
      expect((await receivedRequests('GET', '/api/chat/seen')).length).toBeGreaterThan(seenBefore),
    );
  });
});
