import { useTranslation } from 'react-i18next';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { isVideoUrl } from '../utils/post-draft';
import { PostPreview } from './post-preview';

const asString = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** What the member answered or sent: text, a choice, a photo, or a caption with media. */
export function ResponseSummary({ data, title }: { data: Record<string, unknown>; title: string }) {
  const { t } = useTranslation();
  const text = asString(data.text) ?? asString(data.caption);
  const choice = asString(data.choice);
  const image = asString(data.image_url);
  const media = Array.isArray(data.media_urls)
    ? data.media_urls.filter((u): u is string => typeof u === 'string')
    : [];
  if (!text && !choice && !image && media.length === 0) return null;
  return (
    <figure className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <figcaption className="text-xs font-semibold uppercase tracking-wide text-slate-500">
        {title}
      </figcaption>
      {choice && <p className="font-semibold text-slate-900">{choice}</p>}
      {text && <PostPreview text={text} />}
      {image && (
        <ResponsiveImage
          src={image}
          alt={t('general.photoPreview')}
          sizes="(min-width: 640px) 480px, 100vw"
          width={480}
          height={320}
          className="aspect-[3/2] max-h-80 w-full rounded-lg bg-slate-50 object-contain"
        />
      )}
      {media.length > 0 && (
        <ul className="grid grid-cols-3 gap-2">
          {media.map((url) => (
            <li key={url} className="aspect-square overflow-hidden rounded-lg bg-slate-100">
              {isVideoUrl(url) ? (
                // biome-ignore lint/a11y/useMediaCaption: the member's own clip
                <video src={url} controls preload="metadata" className="size-full bg-black object-contain" />
              ) : (
                <ResponsiveImage
                  src={url}
                  alt=""
                  sizes="(min-width: 640px) 200px, 33vw"
                  width={200}
                  height={200}
                  className="size-full object-cover"
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
