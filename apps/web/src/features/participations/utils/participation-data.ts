/** What a participation's free-form `data` holds, read defensively (older rows may lack fields). */
export interface ParticipationContent {
  /** Brand Content caption. */
  caption: string | null;
  /** Brand Content photos and videos. */
  mediaUrls: string[];
  /** General participation: a written answer. */
  text: string | null;
  /** General participation: the choice picked. */
  choice: string | null;
  /** General participation: a photo. */
  imageUrl: string | null;
  /** Training quiz result. */
  score: { correct: number; total: number } | null;
}

const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

export function readParticipationData(data: Record<string, unknown>): ParticipationContent {
  const correct = num(data.correct);
  const total = num(data.total);
  const media = Array.isArray(data.media_urls) ? data.media_urls : [];
  return {
    caption: str(data.caption),
    mediaUrls: media.filter((url): url is string => typeof url === 'string' && url !== ''),
    text: str(data.text),
    choice: str(data.choice),
    imageUrl: str(data.image_url),
    score: correct !== null && total !== null && total > 0 ? { correct, total } : null,
  };
}

/** True when there is something to show: content, a share or a reject reason. */
export function hasVisibleContent(
  content: ParticipationContent,
  extra: { share: unknown; reject_reason: unknown },
): boolean {
  const { mediaUrls, ...rest } = content;
  return (
    mediaUrls.length > 0 ||
    Object.values(rest).some((v) => v !== null) ||
    !!extra.share ||
    !!extra.reject_reason
  );
}

/** Whether a media URL is a video (by its extension); everything else shows as an image. */
export function isVideoUrl(url: string): boolean {
  return /\.(mp4|m4v|mov|webm)(?:[?#]|$)/i.test(url);
}
