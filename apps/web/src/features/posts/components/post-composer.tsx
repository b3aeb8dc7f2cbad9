import { type Mention, POST_BODY_MAX_LENGTH, POST_IMAGES_MAX } from '@rally/shared';
import { ImagePlus, X } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { Spinner } from '../../../components/ui/spinner';
import { useUser } from '../../../lib/auth';
import { showToast } from '../../../lib/toast';
import { keptMentions } from '../../../utils/rich-text';
import { useCreatePost } from '../api/write-post';
import { usePostImages } from '../hooks/use-post-images';
import { MentionTextarea } from './mention-textarea';

interface PostComposerProps {
  /** Posts into this team's feed instead of the client-wide one. */
  teamId?: string;
  placeholder?: string;
}

/** Writing a post: text with @mentions and hashtags, up to POST_IMAGES_MAX pictures. */
export function PostComposer({ teamId, placeholder }: PostComposerProps) {
  const { t } = useTranslation();
  const user = useUser();
  const fileId = useId();
  const fileRef = useRef<HTMLInputElement | null>(null);
  const [body, setBody] = useState('');
  const [mentions, setMentions] = useState<Mention[]>([]);
  const images = usePostImages();
  const create = useCreatePost(user?.id ?? '');
  if (!user) return null;
  const name = user.first_name ?? user.email ?? '';
  const canSend = (body.trim().length > 0 || images.urls.length > 0) && !images.isUploading;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    create.mutate(
      { body, images: images.urls, team_id: teamId, mentions: keptMentions(body, mentions).map((m) => m.id) },
      {
        onSuccess: ({ post }) => {
          setBody('');
          setMentions([]);
          images.clear();
          showToast(post.status === 'held' ? t('feed.composer.held') : t('feed.composer.posted'), {
            tone: post.status === 'held' ? 'info' : 'success',
            duration: post.status === 'held' ? 'long' : 'short',
          });
        },
        onError: (error) => showToast(error.message, { tone: 'error', duration: 'long' }),
      },
    );
  };

  return (
    <form
      onSubmit={handleSubmit}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-xs"
    >
      <div className="flex gap-3">
        <Avatar imageUrl={user.image_url} name={name} className="hidden sm:block" />
        <div className="min-w-0 flex-1">
          <MentionTextarea
            value={body}
            onChange={setBody}
            mentions={mentions}
            onMentionsChange={setMentions}
            label={t('feed.composer.label')}
            placeholder={placeholder ?? t('feed.composer.placeholder')}
            maxLength={POST_BODY_MAX_LENGTH}
          />
        </div>
      </div>
      {images.images.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('feed.composer.images')}>
          {images.images.map((image, index) => (
            <li key={image.key} className="relative size-20 overflow-hidden rounded-xl bg-slate-100">
              <ResponsiveImage
                src={image.previewUrl}
                alt={t('feed.composer.imageAlt', { n: index + 1 })}
                sizes="80px"
                width={80}
                height={80}
                className="size-full object-cover"
              />
              {image.url === null ? (
                <span className="absolute inset-0 flex items-center justify-center bg-white/60">
                  <Spinner label={t('feed.composer.uploading')} />
                </span>
              ) : (
                <button
                  type="button"
                  onClick={() => images.remove(image.key)}
                  aria-label={t('feed.composer.removeImage', { n: index + 1 })}
                  className="absolute top-1 right-1 flex size-7 items-center justify-center rounded-full bg-slate-900/70 text-white"
                >
                  <X aria-hidden className="size-4" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="flex items-center justify-between gap-2">
        <input
          ref={fileRef}
          id={fileId}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          multiple
          // The Add images button opens it: out of the tab order and hidden from screen readers.
          tabIndex={-1}
          aria-hidden
          className="sr-only"
          onChange={(event) => {
            void images.add(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
        <Button
          variant="ghost"
          size="sm"
          onClick={() => fileRef.current?.click()}
          disabled={images.images.length >= POST_IMAGES_MAX}
        >
          <ImagePlus aria-hidden className="size-4" />
          {t('feed.composer.addImages')}
        </Button>
        <Button type="submit" isLoading={create.isPending} disabled={!canSend}>
          {t('feed.composer.post')}
        </Button>
      </div>
    </form>
  );
}
