import { FileText, Trash2, Upload } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useUploadTask } from '../hooks/use-upload-task';

interface TrainingFileFieldProps {
  kind: 'video' | 'pdf';
  value: string | null;
  onChange: (url: string | null) => void;
  error?: string;
}

const ACCEPT = { video: 'video/mp4,video/quicktime,video/webm', pdf: 'application/pdf' } as const;
const pickerClasses =
  'inline-flex h-9 cursor-pointer items-center gap-2 rounded-xl border border-slate-300 bg-white px-3 text-sm ' +
  'font-semibold text-slate-800 shadow-sm hover:bg-slate-50 has-disabled:cursor-wait has-disabled:opacity-60 ' +
  'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-text';

/** A training's video or PDF: upload (as a 'training' file), preview or open, replace, remove. */
export function TrainingFileField({ kind, value, onChange, error }: TrainingFileFieldProps) {
  const { t } = useTranslation();
  const {
    upload,
    isUploading,
    error: uploadError,
  } = useUploadTask('training', t('adminProjects.training.uploadTask'));
  const label = t(`adminProjects.training.${kind}`);

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const url = await upload(file);
    if (url) onChange(url);
  };
  const message = uploadError ?? error;

  return (
    <div className="space-y-2 rounded-xl border border-slate-200 p-3.5">
      <p className="text-sm font-medium text-slate-800">{label}</p>
      {value && kind === 'video' && (
        // biome-ignore lint/a11y/useMediaCaption: the admin's preview of a file they just uploaded; it has no captions.
        <video
          src={value}
          controls
          preload="metadata"
          className="aspect-video w-full rounded-lg bg-slate-900"
        />
      )}
      {value && kind === 'pdf' && (
        <a
          href={value}
          target="_blank"
          rel="noreferrer"
          className="flex items-center gap-2 text-sm font-medium text-brand-text underline"
        >
          <FileText aria-hidden className="size-4" />
          {t('adminProjects.training.openPdf')}
        </a>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <label className={pickerClasses}>
          {isUploading ? <Spinner className="size-4" /> : <Upload aria-hidden className="size-4" />}
          {value
            ? t('adminProjects.training.replace', { label })
            : t(`adminProjects.training.upload.${kind}`)}
          <input
            type="file"
            accept={ACCEPT[kind]}
            className="sr-only"
            onChange={handleFile}
            disabled={isUploading}
          />
        </label>
        {value && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onChange(null)}
            aria-label={t('adminProjects.training.remove', { label })}
          >
            <Trash2 aria-hidden className="size-4" />
            {t('adminProjects.training.removeShort')}
          </Button>
        )}
      </div>
      {message && <p className="text-sm font-medium text-red-600">{message}</p>}
    </div>
  );
}
