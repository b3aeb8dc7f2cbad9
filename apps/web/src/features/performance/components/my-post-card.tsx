import type { MyPost, MyPostStatus } from '@rally/shared';
import { CheckCheck, Copy, ExternalLink, MousePointerClick, Repeat2, Star, Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { copyWithToast } from '../../../lib/copy';
import { i18n } from '../../../lib/i18n';

const STATUS_TONES: Record<MyPostStatus, BadgeTone> = {
  pending_confirmation: 'warning',
  shared: 'brand',
  pending_review: 'info',
  verified: 'success',
  rejected: 'danger',
};

const formatDate = (iso: string) =>
  new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));

function Thumb({ creative }: { creative: MyPost['creative'] }) {
  const { t } = useTranslation();
  if (!creative) return null;
  if (creative.kind === 'video') {
    return (
      <span className="flex size-20 shrink-0 flex-col items-center justify-center gap-1 rounded-xl bg-slate-100 text-xs text-slate-600 sm:size-24">
        <Video aria-hidden className="size-6" />
        {t('myPosts.videoThumb')}
      </span>
    );
  }
  return (
    <ResponsiveImage
      src={creative.url}
      alt=""
      sizes="96px"
      width={96}
      height={96}
      className="size-20 shrink-0 rounded-xl bg-slate-100 object-cover sm:size-24"
    />
  );
}

/** One share in My Posts: the post as shared, where and when, its clicks, points and status, and what to do. */
export function MyPostCard({ post, onConfirm }: { post: MyPost; onConfirm: (post: MyPost) => void }) {
  const { t } = useTranslation();
  const channel = t(`channels.${post.channel}`);
  const headingId = `my-post-${post.id}`;
  const isPending = post.status === 'pending_confirmation';
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex gap-4">
        <Thumb creative={post.creative} />
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={STATUS_TONES[post.status]}>{t(`myPosts.status.${post.status}`)}</Badge>
            <span className="text-sm text-slate-600">
              {t('myPosts.sharedOn', { channel })} ·{' '}
              <time dateTime={post.shared_at ?? post.created_at}>
                {formatDate(post.shared_at ?? post.created_at)}
              </time>
            </span>
          </div>
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {post.activity.title}
          </h2>
          <p className="text-sm text-slate-600">{post.project.name}</p>
        </div>
      </div>
      <p className="mt-3 line-clamp-4 whitespace-pre-wrap break-words text-sm text-slate-800">{post.text}</p>
      <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
        <li className="flex items-center gap-1.5">
          <MousePointerClick aria-hidden className="size-4 text-slate-500" />
          {t('myPosts.clicks', { count: post.clicks })}
        </li>
        <li className="flex items-center gap-1.5">
          <Star aria-hidden className="size-4 text-slate-500" />
          {t('myPosts.points', { count: post.points })}
        </li>
        {post.post_url && (
          <li>
            <a
              href={post.post_url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-semibold text-brand-text hover:underline"
            >
              {t('myPosts.viewPost')}
              <ExternalLink aria-hidden className="size-3.5" />
            </a>
          </li>
        )}
      </ul>
      {isPending && !post.can_confirm && (
        <p className="mt-3 text-sm text-slate-600">{t('myPosts.confirmClosed')}</p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {isPending && post.can_confirm && (
          <Button size="sm" onClick={() => onConfirm(post)}>
            <CheckCheck aria-hidden className="size-4" />
            {t('myPosts.confirm')}
          </Button>
        )}
        <a
          href={post.url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex h-9 items-center gap-1.5 rounded-xl border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
        >
          <ExternalLink aria-hidden className="size-4" />
          {t('myPosts.openLink')}
        </a>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void copyWithToast(post.url, t('myPosts.linkLabel'))}
        >
          <Copy aria-hidden className="size-4" />
          {t('myPosts.copyLink')}
        </Button>
        <ButtonLink
          variant="ghost"
          size="sm"
          to={`/projects/${post.project.id}/activities/${post.activity.id}`}
        >
          <Repeat2 aria-hidden className="size-4" />
          {t('myPosts.shareAgain')}
        </ButtonLink>
      </div>
    </article>
  );
}
