import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { buildActivityContent } from '../activities/activities.content.ts';
import { countShareVisit } from './commands/count-share-visit.ts';
import { BOT_PATTERN, destinationOf, renderSharePage, renderUnavailablePage } from './share-page.ts';
import { findSharePage } from './shares.repository.ts';

/**
 * GET /p/{id}: the public page of a member's tracked link, served on the app's own origin. Each visitor
 * counts once as a click for the member who shared it; link-preview robots do not count.
 */
export async function sharePageRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/p/:id', { schema: { hide: true } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const { client, id: clientId } = request.tenant;
    reply.type('text/html; charset=utf-8');
    const row = z.uuid().safeParse(id).success
      ? await findSharePage(ctx.db, { clientId, shareId: id })
      : undefined;
    const brand = {
      clientName: client.name,
      clientId,
      logoUrl: client.image_url,
      primaryColor: client.config.primary_color,
    };
    // The way on is the client's app on its own domain, never one built from the request's Host.
    const origin = request.tenant.linkOrigin ?? '';
    if (!row) {
      return reply.status(404).send(
        renderUnavailablePage(brand, {
          title: 'This link is no longer available',
          text: 'The link may be mistyped, or the post it shared was removed.',
          appUrl: `${origin}/`,
          cta: `Open ${client.name}`,
        }),
      );
    }
    const agent = request.headers['user-agent'] ?? '';
    // HEAD is what link checkers send; only a GET is someone opening the link.
    const isVisitor = request.method === 'GET' && !BOT_PATTERN.test(agent);
    if (isVisitor && agent) {
      const visitorHash = createHash('sha256').update(`${request.ip}|${agent}`).digest('base64url');
      await countShareVisit(ctx.db, { clientId, shareId: row.share.id, visitorHash });
    }
    // Only ever the address stored on the activity (checked again here): never one from the request.
    const destination = destinationOf(row.activity.config);
    reply.header('cache-control', 'no-store');
    // People go on to the page being promoted; robots stay for the preview tags below.
    if (destination && isVisitor) return reply.redirect(destination, 302);
    const content = await buildActivityContent(ctx.db, row.activity, client);
    const creatives = content.type === 'social_post' ? content.creatives : [];
    const image = creatives.find((c) => c.kind === 'image');
    const video = image ? undefined : creatives.find((c) => c.kind === 'video');
    const isOpen = client.features.some((f) => f.id === 'open');
    return renderSharePage({
      // Open Graph wants absolute URLs; they name the client's own domain, never the request's Host.
      origin,
      ...brand,
      title: row.activity.title,
      text: row.share.text,
      imageUrl: image?.url ?? null,
      videoUrl: video?.url ?? null,
      sharer: {
        first_name: row.user.firstName,
        last_name: row.user.lastName,
        username: row.user.username,
        display_username: row.user.displayUsername,
        // A public page: never fall back to the member's email address.
        email: null,
      },
      // Where an outsider goes next: the promoted page, else joining the client's community on its own domain.
      cta: destination
        ? { href: destination, label: `Continue to ${new URL(destination).host}` }
        : { href: `${origin}${isOpen ? '/create' : '/'}`, label: `Join ${client.name}` },
      shareId: row.share.id,
    });
  });
}
