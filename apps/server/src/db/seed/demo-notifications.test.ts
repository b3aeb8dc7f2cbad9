import { ADMIN_NOTIFICATION_KINDS, NOTIFICATION_KINDS, type NotificationMessage } from '@rally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../lib/storage.ts';
import { englishOf, renderNotification } from '../../modules/notifications/notification-texts.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { headersFor } from '../../test/factories.ts';
import { seedDemoNotifications } from './demo-notifications.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoNotifications(t.ctx.db, createLocalStorage('/tmp/unused'));
});
afterAll(() => t.close());

describe('demo notifications', () => {
  it('gives member@demo.test every kind a member gets, some unread, newest first by date, with actors and in-app links', async () => {
    const token = await t.login('member@demo.test');
    const res = await t.app.inject({ url: '/api/notifications?limit=50', headers: headersFor(token) });
    const list = res.json().notifications as {
      kind: string;
      link: string;
      created_at: string;
      actor: unknown;
    }[];
    expect(new Set(list.map((n) => n.kind))).toEqual(
      new Set([
        ...NOTIFICATION_KINDS.filter((k) => !(ADMIN_NOTIFICATION_KINDS as readonly string[]).includes(k)),
        'welcome',
        'team',
        'profile',
      ]),
    );
    expect(res.json().unread).toBeGreaterThanOrEqual(4);
    const dates = list.map((n) => n.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(list.every((n) => n.link.startsWith('/'))).toBe(true);
    expect(
      list.filter((n) => (NOTIFICATION_KINDS as readonly string[]).includes(n.kind)).every((n) => n.actor),
    ).toBe(true);
  });

  it('says every one of them as a message too, so a member who chose Spanish reads them in Spanish', async () => {
    const token = await t.login('member@demo.test');
    const res = await t.app.inject({ url: '/api/notifications?limit=50', headers: headersFor(token) });
    const list = res.json().notifications as {
      title: string;
      body: string | null;
      message: NotificationMessage | null;
    }[];
    expect(list.length).toBeGreaterThan(10);
    for (const n of list) {
      expect(n.message, n.title).not.toBeNull();
      const english = englishOf(n.message!);
      expect(english.title).toBe(n.title);
      if (english.body !== undefined) expect(english.body).toBe(n.body);
      expect(renderNotification('es', n).title, n.title).not.toBe(n.title);
    }
  });

  it('gives admin@demo.test a few, one unread', async () => {
    const token = await t.login('admin@demo.test');
    const res = await t.app.inject({ url: '/api/notifications', headers: headersFor(token) });
    expect(res.json().notifications).toHaveLength(3);
    expect(res.json().unread).toBe(1);
  });
});
