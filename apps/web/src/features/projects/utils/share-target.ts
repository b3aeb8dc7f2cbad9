import type { SocialChannel } from '@rally/shared';

/**
 * Where "Share" sends the member when there is no share sheet. `intent`: the network's share page with the
 * tracked link (and the text where the network still takes it); `app`: the network has no web share intent,
 * so the member pastes the copied text themselves (NOTES "Social networks' share limits").
 */
export type ShareTarget = { kind: 'intent'; url: string } | { kind: 'app'; url: string };

const enc = encodeURIComponent;

/** The share page for a channel, given the member's text and their tracked link. */
export function getShareTarget(channel: SocialChannel, text: string, link: string): ShareTarget {
  switch (channel) {
    case 'facebook':
      // The sharer no longer takes prefilled text; the link's Open Graph tags carry the preview.
      return { kind: 'intent', url: `https://www.facebook.com/sharer/sharer.php?u=${enc(link)}` };
    case 'linkedin':
      return { kind: 'intent', url: `https://www.linkedin.com/sharing/share-offsite/?url=${enc(link)}` };
    case 'twitter':
      return { kind: 'intent', url: `https://twitter.com/intent/tweet?text=${enc(text)}&url=${enc(link)}` };
    case 'instagram':
    case 'instagram_legacy':
      return { kind: 'app', url: 'https://www.instagram.com/' };
    case 'tiktok':
    case 'tiktok_legacy':
      return { kind: 'app', url: 'https://www.tiktok.com/upload' };
  }
}

/** The text with the tracked link on its own line after it (the link once, even if the member typed it). */
export function composeShareText(text: string, link: string): string {
  const trimmed = text.trim();
  if (trimmed.includes(link)) return trimmed;
  return trimmed ? `${trimmed}\n\n${link}` : link;
}
