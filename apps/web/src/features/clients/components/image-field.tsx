import type { UploadType } from '@rally/shared';
import { clsx } from 'clsx';
import { ImagePlus } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePickerButtons } from '../../../components/ui/image-picker-buttons';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
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

/** A brand image: preview, upload (as this client's file of `type`) or remove. */
export function ImageField({ label, hint, type, previewClassName, value, onChange, error }: ImageFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const { upload, isUploading, error: uploadError } = useImageUpload(type, label);
  const message = uploadError ?? error;

  const handleFile = async (file: File) => {
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
            <ResponsiveImage
              src={value}
              alt={t('adminGeneral.brand.preview', { label })}
              sizes="64px"
              width={64}
              height={64}
              className="size-full object-contain"
            />
          ) : (
            <ImagePlus aria-hidden className="size-5 text-slate-400" />
          )}
          {isUploading && (
            <span className="absolute inset-0 flex items-center justify-center bg-white/70 text-brand-text">
              <Spinner label={t('adminGeneral.brand.inProgress')} />
            </span>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <ImagePickerButtons
            hasImage={value !== null}
            isBusy={isUploading}
            labels={{
              upload: t('adminGeneral.brand.upload'),
              change: t('adminGeneral.brand.change'),
              remove: t('adminGeneral.brand.remove'),
            }}
            srLabel={label}
            onFile={handleFile}
            onRemove={() => onChange(null)}
          />
        </div>
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {hint}
      </p>
      {message && <p className="text-sm font-medium text-red-600">{message}</p>}
    </fieldset>
  );
}
