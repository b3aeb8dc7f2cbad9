import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createChatMessage, createChatThread, createUser } from '../../test/factories.ts';
import { findUnreadThreads } from './chat.repository.ts';

/**
 * The chat repository only reads (no UPDATE or DELETE to try): with the other client's id, none of the first
 * client's threads is counted.
 */

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

describe('chat reads with another client’s id', () => {
  it('count none of the first client’s unread threads', async () => {
    const [reader, writer] = await Promise.all([
      createUser(t.ctx.db, { clientId: ids.demo }),
      createUser(t.ctx.db, { clientId: ids.demo }),
    ]);
    const thread = await createChatThread(t.ctx.db, {
      clientId: ids.demo,
      memberIds: [reader.id, writer.id],
    });
    await createChatMessage(t.ctx.db, { clientId: ids.demo, threadId: thread.id, userId: writer.id });
    const own = await findUnreadThreads(t.ctx.db, { clientId: ids.demo, userId: reader.id });
    expect(own.map((row) => row.thread_id)).toEqual([thread.id]);
    expect(await findUnreadThreads(t.ctx.db, { clientId: ids.acme, userId: reader.id })).toEqual([]);
  });
});
