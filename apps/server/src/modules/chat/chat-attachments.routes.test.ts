import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '../../db/schema/index.ts';
import { buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createUser, headersFor, uploadFile } from '../../test/factories.ts';
import { tinyPdf } from '../uploads/media-fixtures.ts';
import { callAs, createConversation, send } from './chat.fixture.ts';

// Chat attachments (issue 12): images, video and PDF documents uploaded as type chat; nothing else.
let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

const member = async () => {
  const user = await createUser(t.ctx.db, { clientId: ids.demo });
  return { user, token: await t.login(user.email!) };
};
/** Two members and their group conversation. */
async function pair() {
  const [a, b] = [await member(), await member()];
  const group = await createConversation(t.ctx.db, { clientId: ids.demo, memberIds: [a.user.id, b.user.id] });
  return { a, b, group };
}
const messageCount = async () => (await t.ctx.db.select({ id: chatMessages.id }).from(chatMessages)).length;
const messagesUrl = (id: string) => `/api/chat/conversations/${id}/messages`;

describe('attachments of POST /api/chat/conversations/{id}/messages', () => {
  it('carries a PDF document uploaded as type chat, answered to everyone with its type and size', async () => {
    const { a, b, group } = await pair();
    const pdf = tinyPdf();
    const file = await uploadFile(t.app, a.token, {
      type: 'chat',
      objectId: ids.demo,
      body: pdf,
      fileName: 'brief.pdf',
    });
    expect(file).toMatch(/^\/api\/files\/[0-9a-f-]{36}\.pdf$/);
    const res = await send(t.app, a.token, group.id, { body: 'The brief', attachments: [file] });
    expect(res.status).toBe(201);
    const attachment = { url: file, content_type: 'application/pdf', size: pdf.length };
    expect(res.body.message.attachments).toEqual([attachment]);
    const listed = await callAs(t.app, b.token, 'GET', messagesUrl(group.id));
    expect(listed.body.messages[0]).toMatchObject({ id: res.body.message.id, attachments: [attachment] });
    const served = await t.app.inject({ url: file, headers: { host: DEMO_HOST } });
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(pdf)).toBe(true);
  });

  it('refuses files chat does not take: 415 naming the kinds it takes, 400 for a file uploaded for something else', async () => {
    const { a, group } = await pair();
    const upload = (body: Buffer, type = 'chat') => {
      const form = new FormData();
      form.append('type', type);
      form.append('objectId', ids.demo);
      form.append('file', new Blob([body]), 'notes.zip');
      return t.app.inject({
        method: 'POST',
        url: '/api/upload',
        headers: headersFor(a.token),
        payload: form,
      });
    };
    const zip = await upload(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 0x41)]));
    expect(zip.statusCode).toBe(415);
    expect(zip.json()).toEqual({
      code: 'unsupported_type',
      message:
        'This file type is not accepted for chat: send JPEG, PNG, WebP, GIF or AVIF images, MP4, MOV or WebM videos, PDF documents',
    });
    // A PDF goes through chat only: a post takes pictures and videos.
    const asPost = await upload(tinyPdf(), 'post');
    expect(asPost.statusCode).toBe(415);
    expect(asPost.json().message).toMatch(/^This file type is not accepted for post: /);
    const avatar = await uploadFile(t.app, a.token, { type: 'avatar', objectId: ids.demo });
    const before = await messageCount();
    const res = await send(t.app, a.token, group.id, { attachments: [avatar] });
    expect(res).toEqual({
      status: 400,
      body: { message: 'attachments must be files you uploaded (POST /api/upload type chat)' },
    });
    expect(await messageCount()).toBe(before);
  });
});
