import type { AdminUser, User } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { downloadFile } from '../../../lib/download';
import { showToast } from '../../../lib/toast';
import { eraseUser, personalDataUrl } from '../api/user-import';
import { refreshPeople } from '../api/users-keys';

/** Whether the viewer may export and erase this person's data: admins, for anybody else who accepted. */
export const offersPersonalData = (viewer: User, target: AdminUser) =>
  viewer.role === 'ADMIN' && target.id !== viewer.id && target.status !== 'invited';

/** Export (a JSON download) and erase (after typing the person's name) of a member's personal data. */
export function PersonalDataActions({ viewer, target }: { viewer: User; target: AdminUser }) {
  const { t } = useTranslation();
  const [erasing, setErasing] = useState(false);
  const [exporting, setExporting] = useState(false);
  const name = target.display_name;
  if (!offersPersonalData(viewer, target)) return null;
  const download = async () => {
    setExporting(true);
    await downloadFile(personalDataUrl(target.id), `personal-data-${name}.json`);
    setExporting(false);
  };
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        isLoading={exporting}
        onClick={() => void download()}
        aria-label={t('adminPeople.personal.exportNamed', { name })}
      >
        {t('adminPeople.personal.export')}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setErasing(true)}
        aria-label={t('adminPeople.personal.eraseNamed', { name })}
      >
        {t('adminPeople.personal.erase')}
      </Button>
      {erasing && <EraseUserDialog viewer={viewer} target={target} onClose={() => setErasing(false)} />}
    </>
  );
}

/** Asks to type the person's name before their personal data is erased for good. */
function EraseUserDialog({
  viewer,
  target,
  onClose,
}: {
  viewer: User;
  target: AdminUser;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const name = target.display_name;
  const erase = useMutation({
    mutationFn: () => eraseUser(target.id),
    onSuccess: async () => {
      showToast(t('adminPeople.personal.erased', { name }), { tone: 'success' });
      onClose();
      await refreshPeople(queryClient, viewer.id);
    },
  });
  const matches = typed.trim() === name.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (matches) erase.mutate();
  };
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={t('adminPeople.personal.eraseTitle', { name })}
      description={t('adminPeople.personal.eraseText')}
      closeLabel={t('adminPeople.close')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('adminPeople.cancel')}
          </Button>
          <Button
            type="submit"
            form="erase-user-form"
            variant="danger"
            disabled={!matches}
            isLoading={erase.isPending}
          >
            {t('adminPeople.personal.erase')}
          </Button>
        </>
      }
    >
      <form id="erase-user-form" noValidate onSubmit={submit} className="space-y-4">
        {erase.error && <Alert tone="error">{erase.error.message}</Alert>}
        <Field label={t('adminPeople.personal.typeName', { name })}>
          {(control) => (
            <Input {...control} autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
          )}
        </Field>
      </form>
    </Modal>
  );
}
