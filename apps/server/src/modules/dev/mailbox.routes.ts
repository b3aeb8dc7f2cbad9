import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { escapeHtml } from '../../lib/html.ts';
import { isLoopbackConnection } from '../../lib/loopback.ts';
import { findRecentMails } from './mailbox.repository.ts';

const linkify = (s: string) => escapeHtml(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/**
 * GET /dev/mailbox: the mail outbox of this client, so a demo visitor and the tests can follow
 * reset and verify links. Registered only in demo mode without SMTP (never when RALLY_DEMO=0), and answered
 * only to connections from this machine unless DEV_MAILBOX_PUBLIC=1: it holds every reset link of the client.
 */
export async function mailboxRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/dev/mailbox', { schema: { hide: true } }, async (request, reply) => {
    if (!ctx.config.devMailboxPublic && !isLoopbackConnection(request)) {
      throw notFound('The demo mailbox is only shown on this machine (set DEV_MAILBOX_PUBLIC=1 to share it)');
    }
    const mails = await findRecentMails(ctx.db, { clientId: request.tenant.id });
    if ((request.query as { format?: string }).format === 'json') {
      return {
        mails: mails.map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          text: m.text,
          created_at: m.createdAt,
        })),
      };
    }
    const items = mails
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${m.createdAt.toISOString()}</p><pre>${linkify(m.text)}</pre></article>`,
      )
      .join('');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Demo mailbox</title><style>body{font:15px system-ui,sans-serif;max-width:720px;margin:2rem auto;padding:0 1rem;color:#1f2937}article{border:1px solid #e5e7eb;border-radius:12px;padding:1rem;margin:1rem 0}h2{font-size:1.05rem;margin:0}.meta{color:#6b7280;font-size:.85rem}pre{white-space:pre-wrap;font:inherit}</style></head><body><h1>Demo mailbox</h1><p>Emails this demo would send. They are kept here because no SMTP server is configured.</p>${items || '<p>No emails yet.</p>'}</body></html>`;
  });
}
