import type { FastifyRequest } from 'fastify';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Whether the request's connection comes from this machine, by the socket's address: headers such as
 * X-Forwarded-For are the sender's to choose and prove nothing.
 */
export function isLoopbackConnection(request: FastifyRequest): boolean {
  return LOOPBACK.has(request.socket.remoteAddress ?? '');
}

/** Whether a host name names this machine. */
export function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    LOOPBACK.has(hostname) ||
    hostname === '[::1]'
  );
}
