import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds } from '../../test/factories.ts';
import { queueDeliveries } from './webhooks.events.ts';
import {
  clearEndpointFailures,
  countEndpointFailure,
  deleteWebhook,
  disableFailingEndpoint,
  dropExpiredPreviousSecret,
  findAttempts,
  findDeliveries,
  findSubscribedEndpoints,
  getDeliveryWithEndpoint,
  getEndpointDelivery,
  getWebhook,
  insertAttempt,
  insertWebhook,
  pruneDeliveries,
  reopenDelivery,
  updateDelivery,
  updateWebhook,
} from './webhooks.repository.ts';

/**
 * Every webhook query takes the tenant: called with the other client's id on Demo's endpoint, delivery and attempt,
 * a read finds nothing and a write changes nothing; with Demo's own id they do (so the first half is not vacuous).
 */

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp({ JOB_RUNNER: '0' });
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

/** An endpoint of Demo with one failed delivery and its attempt. */
async function demoEndpoint() {
  const endpoint = await insertWebhook(t.ctx.db, {
    clientId: ids.demo,
    url: 'https://203.0.113.10/hook',
    eventTypes: ['badge.earned'],
    secret: t.ctx.secrets.seal('whsec_AAAA'),
    previousSecret: t.ctx.secrets.seal('whsec_BBBB'),
    previousSecretExpiresAt: new Date(Date.now() - 1000),
    failureCount: 3,
  });
  const [delivery] = await queueDeliveries(t.ctx.db, {
    clientId: ids.demo,
    type: 'badge.earned',
    data: { x: 1 },
    endpointIds: [endpoint.id],
  });
  await updateDelivery(t.ctx.db, { clientId: ids.demo, id: delivery!.id, set: { status: 'failed' } });
  await insertAttempt(t.ctx.db, {
    clientId: ids.demo,
    deliveryId: delivery!.id,
    status: 'failed',
    durationMs: 1,
    trigger: 'scheduled',
  });
  return { endpoint, delivery: delivery! };
}

const rows = async () => ({
  endpoints: await t.ctx.db.select().from(webhookEndpoints).orderBy(webhookEndpoints.id),
  deliveries: await t.ctx.db.select().from(webhookDeliveries).orderBy(webhookDeliveries.id),
  attempts: await t.ctx.db.select().from(webhookAttempts).orderBy(webhookAttempts.id),
});

describe("webhook queries with another client's id", () => {
  it('read nothing of Demo', async () => {
    const { endpoint, delivery } = await demoEndpoint();
    const acme = ids.acme;
    expect(await getWebhook(t.ctx.db, { clientId: acme, id: endpoint.id })).toBeUndefined();
    expect(await getDeliveryWithEndpoint(t.ctx.db, { clientId: acme, id: delivery.id })).toBeUndefined();
    expect(
      await getEndpointDelivery(t.ctx.db, { clientId: acme, id: delivery.id, endpointId: endpoint.id }),
    ).toBeUndefined();
    expect(await findSubscribedEndpoints(t.ctx.db, { clientId: acme, type: 'badge.earned' })).toEqual([]);
    const page = { limit: 10 };
    expect(
      (await findDeliveries(t.ctx.db, { clientId: acme, endpointId: endpoint.id, query: page })).items,
    ).toEqual([]);
    expect(
      await findAttempts(t.ctx.db, { clientId: acme, deliveryIds: [delivery.id], perDelivery: 5 }),
    ).toEqual([]);
    // Demo's own id finds them.
    expect(await getWebhook(t.ctx.db, { clientId: ids.demo, id: endpoint.id })).toBeDefined();
    expect(
      (await findSubscribedEndpoints(t.ctx.db, { clientId: ids.demo, type: 'badge.earned' })).map(
        (e) => e.id,
      ),
    ).toContain(endpoint.id);
    expect(
      await findAttempts(t.ctx.db, { clientId: ids.demo, deliveryIds: [delivery.id], perDelivery: 5 }),
    ).toHaveLength(1);
  });

  it('change nothing of Demo', async () => {
    const { endpoint, delivery } = await demoEndpoint();
    const before = await rows();
    const acme = { clientId: ids.acme, id: endpoint.id };
    expect(await updateWebhook(t.ctx.db, { ...acme, set: { url: 'https://203.0.113.66/' } })).toBeUndefined();
    expect(await countEndpointFailure(t.ctx.db, acme)).toBeUndefined();
    await clearEndpointFailures(t.ctx.db, acme);
    expect(await disableFailingEndpoint(t.ctx.db, acme)).toBeUndefined();
    await dropExpiredPreviousSecret(t.ctx.db, acme);
    const acmeDelivery = { clientId: ids.acme, id: delivery.id };
    expect(await updateDelivery(t.ctx.db, { ...acmeDelivery, set: { status: 'succeeded' } })).toBeUndefined();
    expect(await reopenDelivery(t.ctx.db, { ...acmeDelivery, endpointId: endpoint.id })).toBeUndefined();
    await pruneDeliveries(t.ctx.db, {
      clientId: ids.acme,
      endpointId: endpoint.id,
      beforeId: 'ffffffff-ffff-7fff-bfff-ffffffffffff',
      limit: 100,
    });
    expect(await deleteWebhook(t.ctx.db, acme)).toBeUndefined();
    expect(await rows()).toEqual(before);

    // With Demo's own id each of them does its work.
    const demo = { clientId: ids.demo, id: endpoint.id };
    expect(await countEndpointFailure(t.ctx.db, demo)).toBe(4);
    await dropExpiredPreviousSecret(t.ctx.db, demo);
    expect((await getWebhook(t.ctx.db, demo))!.previousSecret).toBeNull();
    expect(
      await reopenDelivery(t.ctx.db, { clientId: ids.demo, id: delivery.id, endpointId: endpoint.id }),
    ).toMatchObject({
      status: 'pending',
    });
    await updateDelivery(t.ctx.db, { clientId: ids.demo, id: delivery.id, set: { status: 'failed' } });
    await pruneDeliveries(t.ctx.db, {
      clientId: ids.demo,
      endpointId: endpoint.id,
      beforeId: 'ffffffff-ffff-7fff-bfff-ffffffffffff',
      limit: 100,
    });
    expect(
      await t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.id)),
    ).toEqual([]);
    expect(await deleteWebhook(t.ctx.db, demo)).toBeDefined();
  });
});
