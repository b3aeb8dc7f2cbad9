import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createUpload, createUser } from '../../test/factories.ts';
import { findUploadOfClient } from './uploads.repository.ts';
import { findClientUpload } from './uploads.service.ts';

/**
 * The uploads repository only inserts and reads (no UPDATE or DELETE to try): with the other client's id, the
 * first client's upload is not found, by id or by URL.
 */

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

describe('uploads reads with another client’s id', () => {
  it('find none of the first client’s files', async () => {
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    const url = await createUpload(t.ctx, { clientId: ids.demo, userId: user.id });
    const id = /\/api\/files\/([0-9a-f-]{36})\./.exec(url)![1]!;
    expect(await findUploadOfClient(t.ctx.db, { clientId: ids.demo, id })).toBeDefined();
    expect(await findUploadOfClient(t.ctx.db, { clientId: ids.acme, id })).toBeUndefined();
    expect(await findClientUpload(t.ctx, ids.acme, url)).toBeUndefined();
  });
});
