import type { SocialChannel } from '@rally/shared';
import { CheckCheck, Copy, ExternalLink } from 'lucide-react';
import { type FormEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PostUrlField, usePostUrl } from '../../../components/ui/post-url-field';
import { copyWithToast } from '../../../lib/copy';
import { useCompleteShare } from '../api/complete-share';
import type { Share } from '../api/create-share';
import { getShareTarget } from '../utils/share-target';

interface PostMarkSharedProps {
  userId: string;
  activityId: string;
  share: Share;
  points: number;
  onDone: (points: number) => void;
  /** Brings the step into view and focus: when the member just shared, not for a share waiting since earlier. */
  focusOnMount?: boolean;
}

/** After sharing: the tracking link, the network again, and "Mark as shared" with an optional post link. */
export function PostMarkShared({
  userId,
  activityId,
  share,
  points,
  onDone,
  focusOnMount = true,
}: PostMarkSharedProps) {
  const { t } = useTranslation();
  const postUrl = usePostUrl();
  const complete = useCompleteShare(userId, activityId);
  const channel = share.channel as SocialChannel;
  const target = getShareTarget(channel, share.text, share.url);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The next step appears below the composer: bring it into view (phones) and to screen readers' attention.
  useEffect(() => {
    if (!focusOnMount) return;
    headingRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    headingRef.current?.focus({ preventScroll: true });
  }, [focusOnMount]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const url = postUrl.parse();
    if (url === null) return;
    complete.mutate(
      { shareId: share.id, postUrl: url },
      { onSuccess: (result) => onDone(result.points_awarded) },
    );
  };

  return (
    <section
      aria-labelledby="mark-heading"
      className="space-y-4 rounded-2xl border border-brand/30 bg-brand/5 p-5"
    >
      <div>
        <h3
          id="mark-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-base font-bold text-slate-900 focus:outline-none"
        >
          {t('post.markTitle')}
        </h3>
        <p className="text-sm text-slate-600">{t('post.markText', { count: points })}</p>
        <p className="text-sm text-slate-600">
          {t('shareLinks.laterHint')}{' '}
          <Link to="/performance/posts" className="font-semibold text-brand-text hover:underline">
            {t('shareLinks.myPostsLink')}
          </Link>
        </p>
      </div>
      <div className="space-y-1.5">
        <p className="text-sm font-medium text-slate-800">{t('post.trackingLink')}</p>
        <div className="flex flex-wrap items-center gap-2">
          <code className="min-w-0 flex-1 truncate rounded-lg bg-white px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200">
            {share.url}
          </code>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void copyWithToast(share.url, t('post.linkLabel'))}
          >
            <Copy aria-hidden className="size-4" />
            {t('post.copyLink')}
          </Button>
          <a
            href={target.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-9 items-center gap-1.5 rounded-xl px-3 text-sm font-semibold text-brand-text hover:bg-brand/10"
          >
            <ExternalLink aria-hidden className="size-4" />
            {t('post.openChannel', { channel: t(`channels.${channel}`) })}
          </a>
        </div>
      </div>
      <form onSubmit={handleSubmit} noValidate className="space-y-3">
        <PostUrlField state={postUrl} label={t('post.postUrl')} hint={t('post.postUrlHint')} />
        {complete.isError && <Alert tone="error">{complete.error.message}</Alert>}
        <Button type="submit" isLoading={complete.isPending}>
          <CheckCheck aria-hidden className="size-4" />
          {t('post.markShared')}
        </Button>
      </form>
    </section>
  );
}
