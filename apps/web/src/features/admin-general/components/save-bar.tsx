import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

interface SaveBarProps {
  isDirty: boolean;
  isSaving: boolean;
  hasErrors: boolean;
  onDiscard: () => void;
}

/** Sticks to the bottom of the screen (above the phone navigation) with Discard and Save while anything changed. */
export function SaveBar({ isDirty, isSaving, hasErrors, onDiscard }: SaveBarProps) {
  const { t } = useTranslation();
  return (
    <div
      className={clsx(
        'sticky bottom-24 z-10 flex flex-wrap items-center justify-between gap-3 rounded-2xl border px-4 py-3 shadow-lg md:bottom-4',
        isDirty ? 'border-slate-300 bg-white' : 'border-slate-200 bg-white/90',
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
