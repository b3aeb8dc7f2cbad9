import { ImagePlus, Trash2 } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useUploadTask } from '../hooks/use-upload-task';

interface CoverFieldProps {
  value: string | null;
  onChange: (url: string | null) => void;
  error?: string;
}

const pickerClasses =
  'inline-flex h-9 cursor-pointer items-center gap-2 rounded-xl border border-slate-300 bg-white px-3 text-sm ' +
  'font-semibold text-slate-800 shadow-sm hover:bg-slate-50 has-focus-visible:outline-2 ' +
  'has-focus-visible:outline-offset-2 has-focus-visible:outline-brand';

/** The project's cover image: a preview, upload (as a 'creative' file) or remove. */
export function CoverField({ value, onChange, error }: CoverFieldProps) {
  const { t } = useTranslation();
  const {
    upload,
    isUploading,
    error: uploadError,
  } = useUploadTask('creative', t('adminProjects.form.coverTask'));

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
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
            <img src={value} alt={t('adminProjects.form.coverPreview')} className="size-full object-cover" />
          ) : (
            <span className="flex size-full items-center justify-center text-slate-400">
              <ImagePlus aria-hidden className="size-8" />
            </span>
          )}
          {isUploading && (
            <span className="absolute inset-0 flex items-center justify-center bg-white/70 text-brand">
              <Spinner label={t('adminProjects.upload.inProgress')} />
            </span>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label className={pickerClasses}>
            <ImagePlus aria-hidden className="size-4" />
            {t(value ? 'adminProjects.form.changeCover' : 'adminProjects.form.uploadCover')}
            <input
              type="file"
              accept="image/*"
              className="sr-only"
              onChange={handleFile}
              disabled={isUploading}
            />
          </label>
          {value && (
            <Button variant="ghost" size="sm" onClick={() => onChange(null)} disabled={isUploading}>
              <Trash2 aria-hidden className="size-4" />
              {t('adminProjects.form.removeCover')}
            </Button>
          )}
          <p className="w-full text-xs text-slate-500">{t('adminProjects.form.coverHint')}</p>
        </div>
      </div>
      {message && <p className="text-sm font-medium text-red-600">{message}</p>}
    </div>
  );
}
