import type { NotificationMessage } from '@rally/shared';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../db/client.ts';
import { devices, pushDeliveries } from '../db/schema/index.ts';
import { type ClientWordsConfig, renderNotification } from '../modules/notifications/notification-texts.ts';
import type { PushSenders } from './push/senders.ts';
import type { PushMessage, PushResult } from './push/types.ts';
import type { JobHandler } from './runner.ts';

interface Target {
  notification_id: string;
  client_id: string;
  kind: string;
  title: string;
  body: string | null;
  message: NotificationMessage | null;
  link: string | null;
  /** The recipient's language (users.locale), null for English. */
  locale: string | null;
  /** The client's project word, and its override in the recipient's language: a project-word placeholder's word. */
  project_singular: string | null;
  project_translated: string | null;
  /** The client's words for project and team (its config's project, team and `words.…` overrides). */
  words: ClientWordsConfig;
  badge: number;
  device_id: string;
  platform: string;
  fcm_token: string;
}

/**
 * The devices a notification still has to reach: its recipient's devices in its client, permission not refused,
 * kind not turned off, and no 'sent' or 'recorded' delivery yet (so a retry only repeats the failed ones).
 */
function findTargets(db: Db, clientId: string, notificationId: string) {
  return selectRows<Target>(
    db,
    sql`select n.id as notification_id, n.client_id, n.kind, n.title, n.body, n.message, n.link,
               r.locale, c.config->'project'->>'singular' as project_singular,
               c.config->'strings'->>(r.locale || ':words.project') as project_translated,
               jsonb_build_object('project', c.config->'project', 'team', c.config->'team', 'strings',
                 (select jsonb_object_agg(s.key, s.value) from jsonb_each_text(c.config->'strings') s
                   where s.key like '%words.%')) as words,
               (select count(*)::int from notifications u
                 where u.user_id = n.user_id and u.client_id = n.client_id and u.read_at is null) as badge,
               d.id as device_id, d.platform, d.fcm_token
        from notifications n
        left join users r on r.id = n.user_id and r.client_id = n.client_id
        left join clients c on c.id = n.client_id
        join devices d on d.user_id = n.user_id and d.client_id = n.client_id
        left join notification_preferences np on np.user_id = n.user_id and np.client_id = n.client_id
        where n.id = ${notificationId} and n.client_id = ${clientId}
          and d.notifications_granted is not false
          and not coalesce(np.push_off, '[]'::jsonb) ? n.kind
          and not exists (
            select 1 from push_deliveries pd
            where pd.notification_id = n.id and pd.device_id = d.id and pd.status in ('sent', 'recorded'))
        order by d.id`,
  );
}

/**
 * The `push` job: sends one notification to each of its recipient's devices through the sender configured for
 * the platform (FCM for ios/android, Web Push for web), or records it when none is; its title and body are in the
 * recipient's language (users.locale) when the notification has a message (notification-texts.ts), else English.
 * Every attempt leaves a push_deliveries row; a token the service calls gone (404/410) removes the device; passing
 * faults retry the job. Not transactional: it waits on the network.
 */
export function pushJob(senders: PushSenders): JobHandler {
  return {
    async run(payload, { db }) {
      const { clientId, notificationId } = payload as { clientId: string; notificationId: string };
      const targets = await findTargets(db, clientId, notificationId);
      let transient = 0;
      for (const t of targets) {
        const sender = senders.forPlatform(t.platform);
        const text = renderNotification(
          t.locale,
          t,
          { singular: t.project_singular, translated: t.project_translated },
          t.words,
        );
        const message: PushMessage = {
          notificationId: t.notification_id,
          kind: t.kind,
          title: text.title,
          body: text.body,
          link: t.link,
          badge: t.badge,
        };
        const result: PushResult | { status: 'recorded' } = sender
          ? await sender.send(t.fcm_token, message)
          : { status: 'recorded' };
        await db.insert(pushDeliveries).values({
          clientId: t.client_id,
          notificationId: t.notification_id,
          deviceId: t.device_id,
          sender: sender?.name ?? 'none',
          status: result.status,
          error: result.status === 'failed' ? result.error.slice(0, 1000) : null,
        });
        if (result.status !== 'failed') continue;
        if (result.isGone) {
          await db.delete(devices).where(and(eq(devices.id, t.device_id), eq(devices.clientId, t.client_id)));
        } else if (result.isTransient) {
          transient++;
        }
      }
      if (transient > 0) throw new Error(`${transient} of ${targets.length} push sends failed for now`);
    },
  };
}
