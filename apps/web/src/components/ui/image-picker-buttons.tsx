import { ImagePlus, Trash2 } from 'lucide-react';
import type { ChangeEvent, ReactNode } from 'react';
import { Button } from './button';

const pickerClasses =
  'inline-flex h-9 cursor-pointer items-center gap-2 rounded-xl border border-slate-300 bg-white px-3 text-sm ' +
  'font-semibold text-slate-800 shadow-sm hover:bg-slate-50 has-focus-visible:outline-2 ' +
  'has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-text has-disabled:opacity-60';

interface ImagePickerButtonsProps {
  hasImage: boolean;
  isBusy: boolean;
  /** Texts of the pick button (upload, or change when there is an image) and of the remove button. */
  labels: { upload: ReactNode; change: ReactNode; remove: ReactNode };
  /** Screen-reader context appended to both buttons (e.g. which image). */
  srLabel?: string;
  /** The chosen file; the input is cleared so the same file can be picked again. */
  onFile: (file: File) => void;
  onRemove: () => void;
}

/** Upload/Change and Remove buttons of an image field (a styled file input and a button). */
export function ImagePickerButtons({
  hasImage,
  isBusy,
  labels,
  srLabel,
  onFile,
  onRemove,
}: ImagePickerButtonsProps) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onFile(file);
  };
  return (
    <>
      <label className={pickerClasses}>
        <ImagePlus aria-hidden className="size-4" />
        {hasImage ? labels.change : labels.upload}
        {srLabel && <span className="sr-only">{srLabel}</span>}
        <input type="file" accept="image/*" className="sr-only" onChange={handleChange} disabled={isBusy} />
      </label>
      {hasImage && (
        <Button variant="ghost" size="sm" onClick={onRemove} disabled={isBusy}>
          <Trash2 aria-hidden className="size-4" />
          {labels.remove}
          {srLabel && <span className="sr-only">{srLabel}</span>}
        </Button>
      )}
    </>
  );
}
