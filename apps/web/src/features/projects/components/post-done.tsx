import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ActivityDetail } from '../api/get-activity';
import { DoneBanner } from './done-banner';
import { PostPreview } from './post-preview';

const asString = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** A shared post: points, where it went, the member's post link and the text they shared. */
export function PostDone({ activity, points }: { activity: ActivityDetail; points: number }) {
  const { t } = useTranslation();
  const data = activity.participation?.data ?? {};
  const channel = asString(data.channel);
  const postUrl = asString(data.post_url);
  const text = asString(data.text);
  return (
    <DoneBanner title={t('post.doneTitle')} points={points}>
      {(channel || postUrl) && (
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
          {channel && <span>{t('post.sharedOn', { channel: t(`channels.${channel}`) })}</span>}
          {postUrl && (
            <a
              href={postUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-semibold text-brand-text hover:underline"
            >
              {t('post.viewPost')}
              <ExternalLink aria-hidden className="size-3.5" />
            </a>
          )}
        </p>
      )}
      {text && (
        <figure className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
          <figcaption className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
            {t('post.sharedText')}
          </figcaption>
          <PostPreview text={text} />
        </figure>
      )}
    </DoneBanner>
  );
}
