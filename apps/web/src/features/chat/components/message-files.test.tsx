import {
  ChatConversationResponseSchema,
  ChatConversationsResponseSchema,
  type ChatMessage,
  ChatMessageResponseSchema,
  OkResponseSchema,
  type SendChatMessageRequest,
  UploadResponseSchema,
} from '@rally/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser, testId } from '../../../testing/data';
import { answer } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedBodies, server } from '../../../testing/server';
import { ada, buildConversation, buildMessage, serveMessages } from '../testing/chat-data';
import { ChatScreen } from './chat-screen';

const me = buildUser();
const PICTURE = `/api/files/${testId(901)}.webp`;
const BRIEF = `/api/files/${testId(902)}.pdf`;
const UPLOADED = `/api/files/${testId(903)}.pdf`;

/** One conversation with Sofia holding `messages`; a send is stored into it as the server would. */
function serveChat(id: string, messages: ChatMessage[]) {
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
      const message = buildMessage(messages.length + 1, {
        conversation_id: id,
        client_message_id: body.client_message_id,
        author: ada,
        body: body.body ?? '',
        attachments: (body.attachments ?? []).map((url) => ({
          url,
          content_type: 'application/pdf',
          size: 2_400_000,
        })),
      });
      messages.push(message);
      return answer(ChatMessageResponseSchema, { message }, { status: 201 });
    }),
  );
}

const open = (id: string) =>
  renderWithProviders(<ChatScreen />, { session: me, url: `/chat?conversation=${id}` });

describe('Chat files', () => {
  it('shows a PDF of a message as a file card that opens it, beside the pictures', async () => {
    const id = testId(620);
    serveChat(id, [
      buildMessage(1, {
        conversation_id: id,
        body: 'The brief and the moodboard',
        attachments: [
          { url: PICTURE, content_type: 'image/webp', size: 80_000 },
          { url: BRIEF, content_type: 'application/pdf', size: 120 * 1024 },
        ],
      }),
    ]);
    open(id);
    const article = await screen.findByRole('article', { name: 'Message from Sofia Martinez' });
    const files = within(article).getByRole('list', { name: 'Attached files' });

    const card = within(files).getByRole('link', {
      name: 'PDF document 1 PDF · 120 kB (opens in a new tab)',
    });
    expect(card).toHaveAttribute('href', BRIEF);
    expect(card).toHaveAttribute('target', '_blank');
    expect(card).toHaveAttribute('rel', 'noopener noreferrer');
    // The document is not drawn as a picture; the picture still is.
    expect(within(card).queryByRole('img')).not.toBeInTheDocument();
    const picture = within(files).getByRole('img', { name: 'Picture 1 from Sofia Martinez' });
    expect(picture).toHaveAttribute('src', PICTURE);
    expect(within(files).getAllByRole('img')).toHaveLength(1);
  });

  it('attaches a PDF from the composer (uploaded as type chat) and sends it', async () => {
    const id = testId(621);
    serveChat(id, []);
    const uploads: string[] = [];
    server.use(
      http.post('/api/upload', async ({ request }) => {
        const form = await request.formData();
        uploads.push(`${form.get('type')}:${(form.get('file') as File).type}`);
        return answer(UploadResponseSchema, { url: UPLOADED, message: 'Uploaded' });
      }),
    );
    const { user, container } = open(id);
    await screen.findByRole('textbox', { name: 'Message Sofia Martinez' });
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.accept.split(',')).toContain('application/pdf');

    const pdf = new File(['%PDF-1.7\n'], 'brief.pdf', { type: 'application/pdf' });
    await user.upload(input, pdf);
    const toSend = await screen.findByRole('list', { name: 'Files to send' });
    expect(await within(toSend).findByRole('button', { name: 'Remove file 1' })).toBeInTheDocument();
    expect(within(toSend).getByRole('img', { name: 'File 1 to send' })).toHaveTextContent('PDF');
    expect(uploads).toEqual(['chat:application/pdf']);

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(async () =>
      expect(await receivedBodies('POST', `/api/chat/conversations/${id}/messages`)).toEqual([
        expect.objectContaining({ attachments: [UPLOADED] }),
      ]),
    );
    const sent = await screen.findByRole('link', { name: /^PDF document 1 PDF · 2\.3 MB/ });
    expect(sent).toHaveAttribute('href', UPLOADED);
  });
});
