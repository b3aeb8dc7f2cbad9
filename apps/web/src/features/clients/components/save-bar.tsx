import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

interface SaveBarProps {
  isDirty: boolean;
  isSaving: boolean;
  hasErrors: boolean;
  onDiscard: () => void;
}

/** Discard and Save; sticks to the bottom of the screen (above the phone navigation) while anything changed. */
export function SaveBar({ isDirty, isSaving, hasErrors, onDiscard }: SaveBarProps) {
  const { t } = useTranslation();
  return (
    <div
      className={clsx(
        'flex flex-wrap items-center justify-between gap-3 rounded-2xl border bg-white px-4 py-3',
        // Only unsaved changes keep the bar in view; otherwise it rests at the end of the form.
        isDirty ? 'sticky bottom-24 z-10 border-slate-300 shadow-lg md:bottom-4' : 'border-slate-200',
      )}
    >
      <p role="status" className={clsx('text-sm', hasErrors ? 'font-medium text-red-700' : 'text-slate-700')}>
        {hasErrors
          ? t('adminGeneral.save.failed')
          : t(isDirty ? 'adminGeneral.save.unsaved' : 'adminGeneral.save.saved')}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" onClick={onDiscard} disabled={!isDirty || isSaving}>
          {t('adminGeneral.save.discard')}
        </Button>
        <Button type="submit" isLoading={isSaving} disabled={!isDirty}>
          {t('adminGeneral.save.submit')}
        </Button>
      </div>
    </div>
  );
}
