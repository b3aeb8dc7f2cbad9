import type { User } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useReloadClient } from '../../../lib/client';
import { showToast } from '../../../lib/toast';
import { useSaveClientStrings } from '../api/client-strings';
import { type Drafts, draftsToRequest } from '../utils/text-drafts';

interface SaveTextsBarProps {
  user: User;
  drafts: Drafts;
  onSaved: () => void;
  onDiscard: () => void;
}

/**
 * The words editor's pending changes: how many, save them together (the server names a refused key, and nothing is
 * saved then) or discard them. Once saved, this tab re-reads the client so the new texts show at once.
 */
export function SaveTextsBar({ user, drafts, onSaved, onDiscard }: SaveTextsBarProps) {
  const { t } = useTranslation();
  const save = useSaveClientStrings(user.id);
  const reloadClient = useReloadClient();
  const count = Object.keys(drafts).length;
  const body = draftsToRequest(drafts);
  if (count === 0 && !save.isError) return null;
  const submit = () => {
    if (!body) return;
    save.mutate(body, {
      onSuccess: () => {
        onSaved();
        showToast(t('languages.editor.saved'), { tone: 'success' });
        void reloadClient().catch(() => undefined);
      },
    });
  };
  return (
    <div className="sticky bottom-2 z-10 space-y-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-md sm:flex sm:items-center sm:justify-between sm:space-y-0">
      {save.isError ? (
        <Alert tone="error" className="sm:mr-3">
          {save.error.message}
        </Alert>
      ) : (
        <p role="status" className="text-sm font-medium text-slate-800">
          {t('languages.editor.pending', { count })}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            save.reset();
            onDiscard();
          }}
          disabled={save.isPending}
        >
          {t('languages.editor.discard')}
        </Button>
        <Button type="button" onClick={submit} isLoading={save.isPending} disabled={!body || count === 0}>
          {t('languages.editor.save')}
        </Button>
      </div>
    </div>
  );
}
