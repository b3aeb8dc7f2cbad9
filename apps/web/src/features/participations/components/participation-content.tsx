import type { AdminParticipation } from '@rally/shared';
import { ExternalLink, MousePointerClick } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HashtagText } from '../../../components/ui/hashtag-text';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { hasVisibleContent, isVideoUrl, readParticipationData } from '../utils/participation-data';

function MediaThumbs({ urls, label }: { urls: string[]; label: string }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-wrap gap-2">
      {urls.map((url, index) => (
        <li key={url}>
          <a
            href={url}
            target="_blank"
            rel="noreferrer"
            aria-label={t('participation.openMedia', { n: index + 1, label })}
            className="block size-20 overflow-hidden rounded-lg border border-slate-200 bg-slate-100 sm:size-24"
          >
            {isVideoUrl(url) ? (
              <video src={url} muted preload="metadata" className="size-full object-cover" />
            ) : (
              <ResponsiveImage
                src={url}
                alt=""
                sizes="96px"
                width={96}
                height={96}
                className="size-full object-cover"
              />
            )}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** What the member sent: caption and media, an answer, a photo, a quiz score or a share. */
export function ParticipationContent({ participation }: { participation: AdminParticipation }) {
  const { t } = useTranslation();
  const content = readParticipationData(participation.data);
  const { share } = participation;
  const label = participation.user.display_name;
  if (!hasVisibleContent(content, participation)) return null;
  return (
    <div className="space-y-2.5 text-sm text-slate-700 sm:pl-13">
      {content.caption && <HashtagText text={content.caption} />}
      {content.mediaUrls.length > 0 && <MediaThumbs urls={content.mediaUrls} label={label} />}
      {content.text && <p className="whitespace-pre-line">{content.text}</p>}
      {content.choice && <p>{t('participation.choice', { choice: content.choice })}</p>}
      {content.imageUrl && <MediaThumbs urls={[content.imageUrl]} label={label} />}
      {content.score && (
        <p>{t('participation.score', { correct: content.score.correct, total: content.score.total })}</p>
      )}
      {share && (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span>
            {t('participation.sharedOn', {
              channel: t(`channels.${share.channel}`, { defaultValue: share.channel }),
            })}
          </span>
          <span className="inline-flex items-center gap-1">
            <MousePointerClick aria-hidden className="size-4 text-slate-400" />
            {t('participation.clicks', { count: share.clicks })}
          </span>
          {share.post_url && (
            <a
              href={share.post_url}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 font-medium text-brand-text underline"
            >
              {t('participation.viewPost')}
              <ExternalLink aria-hidden className="size-3.5" />
            </a>
          )}
        </p>
      )}
      {participation.reject_reason && (
        <p className="rounded-lg bg-red-50 px-3 py-2 text-red-800">
          {t('participation.rejectReason', { reason: participation.reject_reason })}
        </p>
      )}
    </div>
  );
}
