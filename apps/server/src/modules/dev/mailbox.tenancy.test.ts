import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, unique } from '../../test/factories.ts';
import { findRecentMails } from './mailbox.repository.ts';

/**
 * The mailbox repository only reads (no UPDATE or DELETE to try): with the other client's id, none of the first
 * client's mails is shown.
 */

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

describe('mailbox reads with another client’s id', () => {
  it('show none of the first client’s mails', async () => {
    const to = `${unique('mail')}@example.test`;
    await t.ctx.db
      .insert(mailOutbox)
      .values({ clientId: ids.demo, to, subject: 'Reset', text: 'secret link' });
    expect((await findRecentMails(t.ctx.db, { clientId: ids.demo })).map((m) => m.to)).toContain(to);
    expect((await findRecentMails(t.ctx.db, { clientId: ids.acme })).map((m) => m.to)).not.toContain(to);
  });
});
