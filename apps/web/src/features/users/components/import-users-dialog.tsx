import { USER_IMPORT_COLUMNS, USER_IMPORT_MAX_BYTES, type User, type UserImport } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileUp } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { enqueueTaskGroup } from '../../../lib/tasks';
import { getUserImport, startUserImport } from '../api/user-import';
import { refreshPeople } from '../api/users-keys';
import { importTaskGroup } from '../utils/import-task';

/**
 * Invites many people from a CSV (columns email, role, teams separated by ";", first_name, last_name). The import
 * runs on the server as a background task followed in the progress banner; the dialog then lists who was invited,
 * who already had an account or invitation, and every row it could not take (row, column, problem).
 */
export function ImportUsersDialog({ viewer, onClose }: { viewer: User; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [result, setResult] = useState<UserImport | null>(null);
  const start = useMutation({ mutationFn: startUserImport });

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setFileProblem(chosen && chosen.size > USER_IMPORT_MAX_BYTES ? t('adminPeople.import.tooBig') : null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setFileProblem(t('adminPeople.import.noFile'));
    if (fileProblem) return;
    const text = await file.text();
    start.mutate(text, {
      onSuccess: (started) => {
        setResult(started);
        void enqueueTaskGroup(
          importTaskGroup({
            name: t('adminPeople.import.group', { file: file.name }),
            stepNames: {
              check: t('adminPeople.import.stepCheck'),
              invite: t('adminPeople.import.stepInvite'),
              email: t('adminPeople.import.stepEmail'),
            },
            slowMessage: t('adminPeople.import.slow'),
            read: () => getUserImport(started.id),
            onUpdate: setResult,
          }),
        ).then(() => refreshPeople(queryClient, viewer.id));
      },
    });
  };
  const running = result?.status === 'running';
  return (
    <Modal
      isOpen
      onClose={onClose}
      size="lg"
      title={t('adminPeople.import.title')}
      description={t('adminPeople.import.text')}
      closeLabel={t('adminPeople.close')}
      footer={
        result ? (
          <Button onClick={onClose}>{t('adminPeople.close')}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('adminPeople.cancel')}
            </Button>
            <Button type="submit" form="import-users-form" isLoading={start.isPending}>
              {t('adminPeople.import.submit')}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <ImportResult result={result} running={running} />
      ) : (
        <form id="import-users-form" noValidate onSubmit={submit} className="space-y-4">
          {start.error && <Alert tone="error">{start.error.message}</Alert>}
          <p className="text-sm text-slate-600">
            {t('adminPeople.import.columns', { columns: USER_IMPORT_COLUMNS.join(', ') })}
          </p>
          <div>
            <label htmlFor={inputId} className="mb-1 block font-medium text-sm">
              {t('adminPeople.import.file')}
            </label>
            <span className="flex items-center gap-2">
              <FileUp aria-hidden className="size-4 text-slate-500" />
              <input
                id={inputId}
                type="file"
                accept=".csv,text/csv"
                onChange={pick}
                aria-invalid={fileProblem ? true : undefined}
                aria-describedby={fileProblem ? `${inputId}-error` : undefined}
                className="min-w-0 text-sm"
              />
            </span>
            {fileProblem && (
              <p id={`${inputId}-error`} className="mt-1 text-red-700 text-sm">
                {fileProblem}
              </p>
            )}
          </div>
        </form>
      )}
    </Modal>
  );
}

function ImportResult({ result, running }: { result: UserImport; running: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4" aria-live="polite">
      {running ? (
        <p role="status">{t('adminPeople.import.running', { percent: result.percent })}</p>
      ) : result.status === 'failed' ? (
        <Alert tone="error">{result.error}</Alert>
      ) : (
        <Alert tone="success">
          {t('adminPeople.import.summary', {
            invited: result.invited.length,
            skipped: result.skipped.length,
            errors: result.errors.length,
          })}
        </Alert>
      )}
      {result.errors.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="mb-2 text-left font-semibold">
              {t('adminPeople.import.errorsHeading')}
            </caption>
            <thead>
              <tr className="border-slate-200 border-b">
                <th scope="col" className="py-1 pr-3">
                  {t('adminPeople.import.row')}
                </th>
                <th scope="col" className="py-1 pr-3">
                  {t('adminPeople.import.column')}
                </th>
                <th scope="col" className="py-1">
                  {t('adminPeople.import.problem')}
                </th>
              </tr>
            </thead>
            <tbody>
              {result.errors.map((e) => (
                <tr key={`${e.row}-${e.column}`} className="border-slate-100 border-b">
                  <td className="py-1 pr-3">{e.row}</td>
                  <td className="py-1 pr-3">{e.column}</td>
                  <td className="py-1">{e.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {result.skipped.length > 0 && (
        <div>
          <h3 className="mb-1 font-semibold text-sm">{t('adminPeople.import.skippedHeading')}</h3>
          <ul className="space-y-1 text-sm">
            {result.skipped.map((s) => (
              <li key={s.row}>{t(`adminPeople.import.${s.reason}`, { row: s.row, email: s.email })}</li>
            ))}
          </ul>
        </div>
      )}
      {result.invited.length > 0 && !running && (
        <div>
          <h3 className="mb-1 font-semibold text-sm">{t('adminPeople.import.invitedHeading')}</h3>
          <ul className="space-y-1 text-sm">
            {result.invited.map((p) => (
              <li key={p.user_id}>{p.email}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
