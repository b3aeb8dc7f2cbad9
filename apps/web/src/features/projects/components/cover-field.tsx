import { ImagePlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ImagePickerButtons } from '../../../components/ui/image-picker-buttons';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { Spinner } from '../../../components/ui/spinner';
import { useUploadTask } from '../hooks/use-upload-task';

interface CoverFieldProps {
  value: string | null;
  onChange: (url: string | null) => void;
  error?: string;
}

/** The project's cover image: a preview, upload (as a 'creative' file) or remove. */
export function CoverField({ value, onChange, error }: CoverFieldProps) {
  const { t } = useTranslation();
  const {
    upload,
    isUploading,
    error: uploadError,
  } = useUploadTask('creative', t('adminProjects.form.coverTask'));

  const handleFile = async (file: File) => {
    const url = await upload(file);
    if (url) onChange(url);
  };
  const message = uploadError ?? error;

  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-800">{t('adminProjects.form.cover')}</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative aspect-[16/9] w-full overflow-hidden rounded-xl border border-slate-200 bg-slate-100 sm:w-56">
          {value ? (
            <ResponsiveImage
              src={value}
              alt={t('adminProjects.form.coverPreview')}
              sizes="(min-width: 640px) 224px, 100vw"
              width={224}
              height={126}
              className="size-full object-cover"
            />
          ) : (
            <span className="flex size-full items-center justify-center text-slate-400">
              <ImagePlus aria-hidden className="size-8" />
            </span>
          )}
          {isUploading && (
            <span className="absolute inset-0 flex items-center justify-center bg-white/70 text-brand-text">
              <Spinner label={t('adminProjects.upload.inProgress')} />
            </span>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ImagePickerButtons
            hasImage={value !== null}
            isBusy={isUploading}
            labels={{
              upload: t('adminProjects.form.uploadCover'),
              change: t('adminProjects.form.changeCover'),
              remove: t('adminProjects.form.removeCover'),
            }}
            onFile={handleFile}
            onRemove={() => onChange(null)}
          />
          <p className="w-full text-xs text-slate-500">{t('adminProjects.form.coverHint')}</p>
        </div>
      </div>
      {message && <p className="text-sm font-medium text-red-600">{message}</p>}
    </div>
  );
}
