import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../../db/seed/demo-content.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { callAs } from './chat.fixture.ts';

// The demo shows chat (issue 12): unread messages for member@demo.test, and waiting conversations for the brand team.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ JOB_RUNNER: '0' });
  await seedDemoContent(t.ctx.db, t.ctx.storage);
});
afterAll(() => t.close());

describe('demo chat', () => {
  it('gives member@demo.test a direct conversation, a team thread and a brand-team answer, all unread', async () => {
    const token = await t.login('member@demo.test');
    const seen = await callAs(t.app, token, 'GET', '/api/chat/seen');
    expect(seen.body.unread).toBe(5);
    expect(seen.body.threads).toHaveLength(1);
    const list = await callAs(t.app, token, 'GET', '/api/chat/conversations');
    const byKind = Object.fromEntries(
      list.body.conversations.map((c: { kind: string; unread: number; title: string | null }) => [c.kind, c]),
    );
    expect(byKind.direct).toMatchObject({ unread: 2 });
    expect(byKind.brand).toMatchObject({
      unread: 1,
      last_message: { author: { display_name: 'Alex Admin' } },
    });
    expect(byKind.team).toMatchObject({ title: 'Marketing', unread: 0 });
    const thread = await callAs(
      t.app,
      token,
      'GET',
      `/api/chat/conversations/${byKind.team.id}/messages?parent_id=${seen.body.threads[0]}`,
    );
    expect(thread.body.messages).toHaveLength(3);
  });

  it('gives admin@demo.test two waiting conversations, one assigned to them; the Sales lead sees Marcus’s', async () => {
    const admin = await t.login('admin@demo.test');
    const open = await callAs(t.app, admin, 'GET', '/api/admin/chat/conversations');
    expect(open.body.conversations).toHaveLength(2);
    const mine = await callAs(t.app, admin, 'GET', '/api/admin/chat/conversations?box=mine');
    expect(
      mine.body.conversations.map((c: { member: { display_name: string } }) => c.member.display_name),
    ).toEqual(['Maya Member']);
    expect((await callAs(t.app, admin, 'GET', '/api/chat/seen')).body.unread).toBe(1);
    expect((await callAs(t.app, admin, 'GET', '/api/admin/chat/canned-replies')).body.replies).toHaveLength(
      2,
    );
    const lead = await t.login('lead@demo.test');
    const leads = await callAs(t.app, lead, 'GET', '/api/admin/chat/conversations?box=unassigned');
    expect(
      leads.body.conversations.map((c: { member: { display_name: string } }) => c.member.display_name),
    ).toEqual(['Marcus Chen']);
  });
});
