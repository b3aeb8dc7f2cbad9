import type { Creative } from '@rally/shared';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { downloadFile } from '../../../lib/download';

/** The post's images and videos, each with a Download button (failures are only logged, SPEC 8). */
export function PostCreatives({ creatives }: { creatives: readonly Creative[] }) {
  const { t } = useTranslation();
  if (creatives.length === 0) return null;
  return (
    <section aria-labelledby="creatives-heading" className="space-y-3">
      <h3 id="creatives-heading" className="text-sm font-semibold text-slate-900">
        {t('post.creativesHeading')}
      </h3>
      <ul className="grid gap-3 sm:grid-cols-2">
        {creatives.map((creative) => (
          <li key={creative.id} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
            {creative.kind === 'video' ? (
              // biome-ignore lint/a11y/useMediaCaption: brand creatives come without caption tracks
              <video
                src={creative.url}
                controls
                preload="metadata"
                className="aspect-video w-full bg-black"
              />
            ) : (
              <ResponsiveImage
                src={creative.url}
                alt={creative.name}
                sizes="(min-width: 1024px) 480px, (min-width: 640px) 50vw, 100vw"
                width={480}
                height={270}
                className="aspect-video w-full bg-slate-100 object-contain"
              />
            )}
            <div className="flex items-center justify-between gap-2 p-2.5 pl-3.5">
              <span className="min-w-0 truncate text-sm font-medium text-slate-700">{creative.name}</span>
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('post.downloadLabel', { name: creative.name })}
                onClick={() => void downloadFile(creative.url, creative.name)}
              >
                <Download aria-hidden className="size-4" />
                {t('post.download')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
