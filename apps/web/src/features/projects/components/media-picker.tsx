import { clsx } from 'clsx';
import { CircleAlert, ImagePlus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { Spinner } from '../../../components/ui/spinner';
import type { MediaItem } from '../hooks/use-media-uploads';

interface MediaPickerProps {
  /** Names the file input, e.g. "Add photos or videos". */
  addLabel: string;
  accept: string;
  multiple?: boolean;
  items: readonly MediaItem[];
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
  canAdd: boolean;
  disabled?: boolean;
}

/** Previews of chosen photos and videos (uploading, failed) with remove buttons, and an add tile. */
export function MediaPicker({
  addLabel,
  accept,
  multiple,
  items,
  onAdd,
  onRemove,
  canAdd,
  disabled,
}: MediaPickerProps) {
  const { t } = useTranslation();
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {items.map((item) => (
        <li
          key={item.key}
          className="relative aspect-square overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200"
        >
          {item.kind === 'video' ? (
            // biome-ignore lint/a11y/useMediaCaption: the member's own clip, previewed before sending
            <video
              src={item.previewUrl}
              controls
              preload="metadata"
              className="size-full bg-black object-contain"
            />
          ) : (
            <ResponsiveImage
              src={item.previewUrl}
              alt={item.name}
              sizes="(min-width: 640px) 33vw, 50vw"
              width={200}
              height={200}
              className="size-full object-cover"
            />
          )}
          {item.status !== 'done' && (
            <span
              className={clsx(
                'absolute inset-x-0 bottom-0 flex items-center gap-1.5 px-2 py-1.5 text-xs font-semibold text-white',
                item.status === 'failed' ? 'bg-red-600/90' : 'bg-slate-900/70',
              )}
            >
              {item.status === 'failed' ? (
                <CircleAlert aria-hidden className="size-3.5" />
              ) : (
                <Spinner className="size-3.5" />
              )}
              {item.status === 'failed'
                ? t('submission.uploadFailed', { name: item.name })
                : t('submission.uploading', { name: item.name })}
            </span>
          )}
          {!disabled && (
            <button
              type="button"
              onClick={() => onRemove(item.key)}
              aria-label={t('submission.remove', { name: item.name })}
              className="absolute top-2 right-2 flex size-8 items-center justify-center rounded-full bg-slate-900/70 text-white hover:bg-slate-900"
            >
              <X aria-hidden className="size-4" />
            </button>
          )}
        </li>
      ))}
      {canAdd && !disabled && (
        <li>
          <label className="flex aspect-square cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-slate-300 bg-white p-3 text-center text-sm font-semibold text-slate-700 transition hover:border-brand-text hover:text-brand-text has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-text">
            <ImagePlus aria-hidden className="size-7" />
            {addLabel}
            <input
              type="file"
              accept={accept}
              multiple={multiple}
              className="sr-only"
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                event.target.value = '';
                if (files.length) onAdd(files);
              }}
            />
          </label>
        </li>
      )}
    </ul>
  );
}
