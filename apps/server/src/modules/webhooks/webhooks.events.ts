import {
  getDisplayName,
  type MEMBER_JOINED_VIA,
  WEEKLY_LEADERS,
  type WebhookEventData,
  type WebhookEventType,
} from '@rally/shared';
import { uuidv7 } from 'uuidv7';
import { type Db, selectRows } from '../../db/client.ts';
import { enqueueJobs } from '../../lib/jobs.ts';
import { getPeriodRange } from '../leaderboard/leaderboard.periods.ts';
import { boardKeyOf, type MemberRow, membersPageQuery } from '../leaderboard/leaderboard.repository.ts';
import { endpointsFor } from './webhooks.channels.ts';
import {
  type DeliveryRow,
  findSubscribedEndpoints,
  getMemberForEvent,
  insertDeliveries,
} from './webhooks.repository.ts';

/** The job that makes one attempt of one delivery (webhooks.jobs.ts). */
export const DELIVER_JOB = 'webhooks.deliver';

/** What a delivery job is told: which delivery, and whether an admin's Resend asked for it. */
export interface DeliverJobPayload {
  clientId: string;
  deliveryId: string;
  trigger: 'scheduled' | 'resend';
}

/**
 * Queues one delivery per endpoint, each with the job of its first attempt: the body is fixed now (the signature of
 * every retry covers the same bytes). Call it with the transaction of the change the event follows from.
 */
export async function queueDeliveries(
  db: Db,
  q: { clientId: string; type: string; data: Record<string, unknown>; endpointIds: string[] },
): Promise<DeliveryRow[]> {
  const body = JSON.stringify({ type: q.type, timestamp: new Date().toISOString(), data: q.data });
  const rows = await insertDeliveries(
    db,
    q.endpointIds.map((endpointId) => ({
      clientId: q.clientId,
      id: uuidv7(),
      endpointId,
      eventType: q.type,
      body,
      nextAttemptAt: new Date(),
    })),
  );
  await enqueueJobs(
    db,
    rows.map((row) => ({
      kind: DELIVER_JOB,
      payload: { clientId: q.clientId, deliveryId: row.id, trigger: 'scheduled' } satisfies DeliverJobPayload,
    })),
  );
  return rows;
}

/**
 * Emits an event to the client's endpoints that subscribe to it, in the caller's transaction (so the deliveries
 * exist exactly when the change does). A client without such an endpoint pays one indexed query; `data` may be a
 * function, so what it reads is read only when someone listens (null: nothing to send after all).
 */
export async function emitWebhookEvent<T extends WebhookEventType>(
  db: Db,
  event: {
    clientId: string;
    type: T;
    data: WebhookEventData<T> | (() => Promise<WebhookEventData<T> | null>);
  },
): Promise<void> {
  const subscribed = await findSubscribedEndpoints(db, { clientId: event.clientId, type: event.type });
  if (subscribed.length === 0) return;
  const data = typeof event.data === 'function' ? await event.data() : event.data;
  if (!data) return;
  const endpoints = endpointsFor(subscribed, event.type, data);
  if (endpoints.length === 0) return;
  await queueDeliveries(db, {
    clientId: event.clientId,
    type: event.type,
    data,
    endpointIds: endpoints.map((e) => e.id),
  });
}

/** How a person became a member (the `via` of member.joined). */
export type JoinedVia = (typeof MEMBER_JOINED_VIA)[number];

/** member.joined: a person became an active member of the client (the caller's transaction). */
export async function emitMemberJoined(
  db: Db,
  { clientId, userId, via }: { clientId: string; userId: string; via: JoinedVia },
): Promise<void> {
  await emitWebhookEvent(db, {
    clientId,
    type: 'member.joined',
    data: async () => {
      const member = await getMemberForEvent(db, { clientId, userId });
      if (!member) return null;
      return {
        member: {
          id: member.id,
          email: member.email,
          first_name: member.firstName,
          last_name: member.lastName,
          role: member.role,
        },
        via,
      };
    },
  });
}

/** The test ping's data: says which endpoint it is for. */
export const testPingData = (endpointId: string) => ({
  webhook_id: endpointId,
  message: 'This is a test delivery from Rally: your endpoint is set up.',
});

/**
 * leaderboard.weekly: the week that ended (the last ISO week, UTC, as the leaderboard counts it) and its top
 * WEEKLY_LEADERS members over all projects, as the leaderboard ranks and names them; nothing when no one scored.
 */
export async function emitWeeklyLeaderboard(db: Db, { clientId }: { clientId: string }): Promise<void> {
  await emitWebhookEvent(db, {
    clientId,
    type: 'leaderboard.weekly',
    data: async () => {
      const week = getPeriodRange('week', new Date(Date.now() - 7 * 86_400_000));
      const rows = await selectRows<MemberRow>(
        db,
        membersPageQuery(boardKeyOf({ clientId, period: 'week', periodStart: week.key }), {
          size: WEEKLY_LEADERS,
        }),
      );
      if (rows.length === 0) return null;
      let rank = 0;
      return {
        week: { start: week.start!, end: week.end! },
        leaders: rows.map((row, index) => {
          // Tied points share a rank, as on the leaderboard.
          if (index === 0 || rows[index - 1]!.points !== row.points) rank = index + 1;
          return {
            rank,
            member_id: row.id,
            name: getDisplayName(row),
            points: Number(row.points),
          };
        }),
      };
    },
  });
}
