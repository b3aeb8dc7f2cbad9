import type { SocialChannel } from '@rally/shared';
import { ExternalLink, Repeat2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { ActivityDetail } from '../api/get-activity';
import { useShareFlow } from '../hooks/use-share-flow';
import { DoneBanner } from './done-banner';
import { PostPreview } from './post-preview';

const asString = (value: unknown) => (typeof value === 'string' && value ? value : null);

/**
 * A shared post: points, where it went, the member's post link and the text they shared, and "Share again"
 * (the same tracked link, copied with the text and opened on the network once more).
 */
export function PostDone({
  userId,
  activity,
  points,
  canShare,
}: {
  userId: string;
  activity: ActivityDetail;
  points: number;
  canShare: boolean;
}) {
  const { t } = useTranslation();
  const flow = useShareFlow(userId, activity.id);
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
      {canShare && channel && text && (
        <div className="space-y-2">
          <Button
            variant="secondary"
            size="sm"
            isLoading={flow.isSharing}
            onClick={() => void flow.start(channel as SocialChannel, text)}
          >
            <Repeat2 aria-hidden className="size-4" />
            {t('shareLinks.shareAgain')}
          </Button>
          {flow.error && <Alert tone="error">{flow.error.message}</Alert>}
        </div>
      )}
    </DoneBanner>
  );
}
