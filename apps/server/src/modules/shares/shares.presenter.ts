import type { ShareRow } from './shares.repository.ts';

/** A share with its public tracked link on the client's own domain (never the request's Host). */
export function presentShare(share: ShareRow, linkOrigin: string | null) {
  return {
    id: share.id,
    url: `${linkOrigin ?? ''}/p/${share.id}`,
    channel: share.channel,
    text: share.text,
    clicks: share.clicks,
  };
}
