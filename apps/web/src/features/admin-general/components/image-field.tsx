import type { UploadType } from '@rally/shared';
import { clsx } from 'clsx';
import { ImagePlus, Trash2 } from 'lucide-react';
import { type ChangeEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useImageUpload } from '../hooks/use-image-upload';

interface ImageFieldProps {
  label: string;
  hint: string;
  type: UploadType;
  /** Size of the preview box. */
  previewClassName: string;
  value: string | null;
  onChange: (url: string | null) => void;
  error?: string;
}

const pickerClasses =
  'inline-flex h-9 cursor-pointer items-center gap-2 rounded-xl border border-slate-300 bg-white px-3 text-sm ' +
  'font-semibold text-slate-800 shadow-sm hover:bg-slate-50 has-focus-visible:outline-2 ' +
  'has-focus-visible:outline-offset-2 has-focus-visible:outline-brand has-disabled:opacity-60';

/** A brand image: preview, upload (as this client's file of `type`) or remove. */
export function ImageField({ label, hint, type, previewClassName, value, onChange, error }: ImageFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const { upload, isUploading, error: uploadError } = useImageUpload(type, label);
  const message = uploadError ?? error;

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const url = await upload(file);
    if (url) onChange(url);
  };

  return (
    <fieldset aria-describedby={`${id}-hint`} className="min-w-0 space-y-2">
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      <div className="flex items-center gap-3">
        <div
          className={clsx(
            'relative flex shrink-0 items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-slate-50',
            previewClassName,
          )}
        >
          {value ? (
            <img
              src={value}
              alt={t('adminGeneral.brand.preview', { label })}
              className="size-full object-contain"
            />
          ) : (
            <ImagePlus aria-hidden className="size-5 text-slate-400" />
          )}
          {isUploading && (
            <span className="absolute inset-0 flex items-center justify-center bg-white/70 text-brand">
              <Spinner label={t('adminGeneral.brand.inProgress')} />
            </span>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <label className={pickerClasses}>
            <ImagePlus aria-hidden className="size-4" />
            {t(value ? 'adminGeneral.brand.change' : 'adminGeneral.brand.upload')}
            <span className="sr-only">{label}</span>
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
              {t('adminGeneral.brand.remove')}
              <span className="sr-only">{label}</span>
            </Button>
          )}
        </div>
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {hint}
      </p>
      {message && <p className="text-sm font-medium text-red-600">{message}</p>}
    </fieldset>
  );
}
