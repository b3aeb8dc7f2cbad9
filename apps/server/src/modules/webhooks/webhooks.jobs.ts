import type { AppContext } from '../../context.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import { mailLocale, renderMail } from '../../lib/mail-texts.ts';
import { linkOriginOf } from '../../lib/origins.ts';
import { findClientWithLinkHost } from '../clients/clients.repository.ts';
import { DISABLED_MAIL_JOB, deliverWebhook } from './commands/deliver-webhook.ts';
import { DELIVER_JOB, type DeliverJobPayload, emitWeeklyLeaderboard } from './webhooks.events.ts';
import {
  findClientsSubscribedTo,
  getWebhook,
  listActiveAdmins,
  scheduleWeeklyLeaderboard,
  WEEKLY_LEADERBOARD_JOB,
} from './webhooks.repository.ts';

/**
 * One attempt of a delivery: not transactional (it waits on the endpoint, and records the outcome in a transaction of
 * its own). It waits on other servers, so boot.ts drains it with a runner of its own (jobs/index.ts).
 */
export function webhookDeliveryHandlers(
  ctx: Pick<AppContext, 'config' | 'secrets'>,
): Record<string, JobHandler> {
  return {
    [DELIVER_JOB]: {
      async run(payload, { db }) {
        await deliverWebhook(ctx, db, payload as unknown as DeliverJobPayload);
      },
    },
  };
}

/**
 * The email telling a client's admins that an endpoint was turned off; and the weekly leaderboard, posted every
 * Monday to the endpoints and channels that subscribe to it (each run schedules the next while any does).
 */
export function webhookJobHandlers(ctx: Pick<AppContext, 'config' | 'mailer'>): Record<string, JobHandler> {
  return {
    [WEEKLY_LEADERBOARD_JOB]: {
      transactional: true,
      async run(_payload, { db, job }) {
        const clients = await findClientsSubscribedTo(db, { type: 'leaderboard.weekly' });
        for (const clientId of clients) await emitWeeklyLeaderboard(db, { clientId });
        if (clients.length > 0) await scheduleWeeklyLeaderboard(db, { exceptJobId: job.id });
      },
    },
    [DISABLED_MAIL_JOB]: {
      async run(payload, { db }) {
        const clientId = String(payload.clientId);
        const endpoint = await getWebhook(db, { clientId, id: String(payload.endpointId) });
        const found = await findClientWithLinkHost(db, { clientId });
        const origin = found ? linkOriginOf(found.linkHost, ctx.config.publicUrl) : null;
        // No address for links, no mail (as every mail of the app); the in-app notification still tells them.
        if (!endpoint || endpoint.enabled || !found || !origin) return;
        for (const admin of await listActiveAdmins(db, { clientId })) {
          if (!admin.email) continue;
          await ctx.mailer.send({
            clientId,
            to: admin.email,
            ...renderMail('webhook_disabled', mailLocale(admin.locale), {
              client: found.client.name,
              url: endpoint.url,
              count: Number(payload.failures),
              link: `${origin}/admin/integrations`,
            }),
          });
        }
      },
    },
  };
}
