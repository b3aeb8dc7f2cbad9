import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatives, templates } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createCreative, createTemplate } from '../../test/factories.ts';
import { archiveCreative, archiveTemplate, updateCreative, updateTemplate } from './library.repository.ts';

/**
 * Every library write takes the tenant: called with the other client's id on a row of Demo, it changes nothing;
 * with Demo's own id it does (so the first assertion is not vacuous).
 */

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

const templateRow = async (id: string) =>
  (await t.ctx.db.select().from(templates).where(eq(templates.id, id)))[0]!;
const creativeRow = async (id: string) =>
  (await t.ctx.db.select().from(creatives).where(eq(creatives.id, id)))[0]!;

describe('templates', () => {
  it("updateTemplate with another client's id changes nothing", async () => {
    const template = await createTemplate(t.ctx.db, { clientId: ids.demo, name: 'Ours' });
    const before = await templateRow(template.id);
    const changes = { name: 'Taken over', body: 'Taken over' };
    expect(await updateTemplate(t.ctx.db, { clientId: ids.acme, id: template.id, changes })).toBeUndefined();
    expect(await templateRow(template.id)).toEqual(before);
    const own = await updateTemplate(t.ctx.db, { clientId: ids.demo, id: template.id, changes });
    expect(own?.name).toBe('Taken over');
  });

  it("archiveTemplate with another client's id leaves the template live", async () => {
    const template = await createTemplate(t.ctx.db, { clientId: ids.demo });
    const before = await templateRow(template.id);
    await archiveTemplate(t.ctx.db, { clientId: ids.acme, id: template.id });
    expect(await templateRow(template.id)).toEqual(before);
    expect(before.archivedAt).toBeNull();
    await archiveTemplate(t.ctx.db, { clientId: ids.demo, id: template.id });
    expect((await templateRow(template.id)).archivedAt).not.toBeNull();
  });
});

describe('creatives', () => {
  it("updateCreative with another client's id changes nothing", async () => {
    const creative = await createCreative(t.ctx.db, { clientId: ids.demo, name: 'Ours' });
    const before = await creativeRow(creative.id);
    const changes = { name: 'Taken over', kind: 'video' as const };
    expect(await updateCreative(t.ctx.db, { clientId: ids.acme, id: creative.id, changes })).toBeUndefined();
    expect(await creativeRow(creative.id)).toEqual(before);
    const own = await updateCreative(t.ctx.db, { clientId: ids.demo, id: creative.id, changes });
    expect(own?.name).toBe('Taken over');
  });

  it("archiveCreative with another client's id leaves the creative live", async () => {
    const creative = await createCreative(t.ctx.db, { clientId: ids.demo });
    const before = await creativeRow(creative.id);
    await archiveCreative(t.ctx.db, { clientId: ids.acme, id: creative.id });
    expect(await creativeRow(creative.id)).toEqual(before);
    expect(before.archivedAt).toBeNull();
    await archiveCreative(t.ctx.db, { clientId: ids.demo, id: creative.id });
    expect((await creativeRow(creative.id)).archivedAt).not.toBeNull();
  });
});
