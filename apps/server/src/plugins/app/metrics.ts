import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import type { DbScheduler } from '../../db/scheduler.ts';
import { forbidden } from '../../lib/errors.ts';
import { isLoopbackConnection } from '../../lib/loopback.ts';

/** Prometheus metrics at GET /metrics: request counts and durations by route and status, plus process metrics. */
export function registerMetrics(app: FastifyInstance, token: string | undefined, scheduler?: DbScheduler) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  if (scheduler) {
    new client.Gauge({
      name: 'rally_db_waiting',
      help: 'Database work waiting for its turn, by lane',
      labelNames: ['lane'],
      registers: [registry],
      collect() {
        this.set({ lane: 'write' }, scheduler.waiting.write);
        this.set({ lane: 'read' }, scheduler.waiting.read);
      },
    });
    new client.Gauge({
      name: 'rally_db_refused',
      help: 'Database work refused with 503 since start, by reason (line full, waited too long)',
      labelNames: ['reason'],
      registers: [registry],
      collect() {
        this.set({ reason: 'full' }, scheduler.refused.full);
        this.set({ reason: 'timeout' }, scheduler.refused.timeout);
      },
    });
  }
  const duration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
    registers: [registry],
  });
  // One child per (method, route, status), looked up by a string key: prom-client would otherwise hash the
  // label object on every request, which showed up on the hottest reads.
  const children = new Map<string, client.Histogram.Internal<'method' | 'route' | 'status'>>();
  const childOf = (method: string, route: string, status: number) => {
    const key = `${method} ${status} ${route}`;
    let child = children.get(key);
    if (!child) {
      child = duration.labels(method, route, String(status));
      children.set(key, child);
    }
    return child;
  };
  app.addHook('onResponse', (request, reply, done) => {
    childOf(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode).observe(
      reply.elapsedTime / 1000,
    );
    // Writes and failures are logged at info; successful reads only at debug, to keep hot paths lean.
    if (reply.statusCode >= 400 || request.method !== 'GET') {
      request.log.info(
        {
          method: request.method,
          url: request.url,
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'request',
      );
    } else {
      request.log.debug({ method: request.method, url: request.url, status: reply.statusCode }, 'request');
    }
    done();
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    // Operators' data: with a token configured it is required, otherwise only this machine may read it.
    const allowed = token
      ? request.headers.authorization === `Bearer ${token}`
      : isLoopbackConnection(request);
    if (!allowed) throw forbidden('Metrics are only available to operators');
    reply.type(registry.contentType);
    return registry.metrics();
  });
}
