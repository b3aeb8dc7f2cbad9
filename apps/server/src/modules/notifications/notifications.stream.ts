import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { createNotificationStreams } from './live.ts';
import { streamSourcesOf } from './stream.hooks.ts';

// Comments keep proxies and the native shell from closing an idle stream.
const KEEPALIVE_MS = 25_000;

/**
 * GET /api/notifications/stream (DESIGN: live updates by Server-Sent Events), the app's one live channel: an
 * `event: notification` whenever the signed-in user gets one, and an `event: client.updated` when an admin of the
 * user's own client saved its settings, on any instance (through the bus). Events carry no data the app trusts:
 * it refetches the list by cursor or the client by GET /api/bootstrap, so a missed event only delays the update.
 * Other modules add their events (chat's `chat.*`) through `registerStreamSource` (stream.hooks.ts).
 */
export async function notificationsStreamRoute(app: FastifyInstance, ctx: AppContext) {
  const streams = createNotificationStreams(ctx.bus);
  const open = new Set<() => void>();
  // Open streams would keep the server from closing.
  app.addHook('onClose', async () => {
    for (const end of open) end();
  });

  app.get('/api/notifications/stream', { schema: { tags: ['notifications'] } }, async (request, reply) => {
    const user = requireUser(request);
    const res = reply.raw;
    reply.hijack();
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write('retry: 5000\n\n');
    const stopNotifications = streams.listen(request.tenant.id, user.id, () => {
      res.write('event: notification\ndata: {}\n\n');
    });
    const stopClient = streams.listenClient(request.tenant.id, (event) => {
      res.write(`event: ${event}\ndata: {}\n\n`);
    });
    // Other modules' events (chat, issue 12), registered through stream.hooks.ts.
    const stopSources = streamSourcesOf(ctx.bus).map((source) =>
      source({ clientId: request.tenant.id, userId: user.id }, (event, data) => {
        res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      }),
    );
    const keepalive = setInterval(() => res.write(': keepalive\n\n'), KEEPALIVE_MS);
    keepalive.unref();
    const end = () => {
      stopNotifications();
      stopClient();
      for (const stop of stopSources) stop();
      clearInterval(keepalive);
      open.delete(end);
      if (!res.writableEnded) res.end();
    };
    open.add(end);
    request.raw.on('close', end);
  });
}
