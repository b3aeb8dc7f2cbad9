import { ImagePlus, RefreshCw } from 'lucide-react';
import { type ChangeEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { useCreativeUpload } from '../hooks/use-creative-upload';
import { CreativeMedia } from './creative-media';

interface CreativeFileFieldProps {
  url: string;
  kind: 'image' | 'video';
  onUploaded: (url: string, file: File) => void;
  error?: string;
}

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif,video/mp4,video/quicktime,video/webm';

/** Pick an image or video: it uploads at once (progress banner) and shows a preview. */
export function CreativeFileField({ url, kind, onUploaded, error }: CreativeFileFieldProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const { upload, isUploading, error: uploadError } = useCreativeUpload();
  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const uploaded = await upload(file);
    if (uploaded) onUploaded(uploaded, file);
  };
  const message = uploadError ?? error;
  const input = (
    <input
      id={inputId}
      type="file"
      accept={ACCEPT}
      className="sr-only"
      onChange={handleFile}
      disabled={isUploading}
    />
  );

  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-800">{t('library.creatives.file')}</p>
      {url ? (
        <div className="space-y-2">
          <div className="relative mx-auto aspect-square max-h-72 overflow-hidden rounded-xl bg-slate-100">
            <CreativeMedia
              url={url}
              kind={kind}
              alt={t('library.creatives.preview')}
              hasControls
              sizes="(min-width: 640px) 512px, 100vw"
              className="object-contain"
            />
          </div>
          <label
            htmlFor={inputId}
            className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-xl border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-text"
          >
            {isUploading ? <Spinner className="size-4" /> : <RefreshCw aria-hidden className="size-4" />}
            {t('library.creatives.replaceFile')}
            {input}
          </label>
        </div>
      ) : (
        <label
          htmlFor={inputId}
          className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed border-slate-300 bg-slate-50 px-4 py-8 text-center hover:border-brand-text has-focus-visible:outline-2 has-focus-visible:outline-brand-text"
        >
          {isUploading ? (
            <Spinner className="size-7 text-brand-text" />
          ) : (
            <ImagePlus aria-hidden className="size-7 text-brand-text" />
          )}
          <span className="text-sm font-semibold text-slate-900">
            {t(isUploading ? 'library.creatives.uploadingShort' : 'library.creatives.chooseFile')}
          </span>
          <span className="text-xs text-slate-500">{t('library.creatives.fileHint')}</span>
          {input}
        </label>
      )}
      {message && <p className="text-sm font-medium text-red-600">{message}</p>}
    </div>
  );
}
