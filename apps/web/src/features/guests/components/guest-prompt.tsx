import { hasFeature } from '@rally/shared';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { getFeatureIds, useClient } from '../../../lib/client';
import { GUEST_PROMPT_EVENT } from '../../../lib/query-client';

// Open state lives in the module, listening from the moment the chunk loads: a refusal is never missed, even
// while React has not committed the dialog yet.
let isOpenNow = false;
const listeners = new Set<() => void>();
function setOpen(next: boolean) {
  isOpenNow = next;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
window.addEventListener(GUEST_PROMPT_EVENT, () => setOpen(true));

/**
 * The dialog of guests' refused writes (SPEC 6): the query cache turns every 403 guest_account_required of any
 * page's mutation into one window event (lib/query-client.ts), and this dialog, drawn by the shell for guests only
 * (its own chunk, out of the first load), asks the guest to create an account (feature open) or log in.
 */
export default function GuestPrompt() {
  const { t } = useTranslation();
  const isOpen = useSyncExternalStore(subscribe, () => isOpenNow);
  const canCreate = hasFeature(getFeatureIds(useClient()), 'open');
  const location = useLocation();
  const to = encodeURIComponent(location.pathname + location.search);

  const close = () => setOpen(false);
  return (
    <Modal
      isOpen={isOpen}
      onClose={close}
      title={t('guests.promptTitle')}
      closeLabel={t('guests.close')}
      size="sm"
      footer={
        <>
          <ButtonLink to={`/login?to=${to}`} variant="secondary" onClick={close}>
            {t('guests.logIn')}
          </ButtonLink>
          {canCreate && (
            <ButtonLink to="/create" onClick={close}>
              {t('guests.createAccount')}
            </ButtonLink>
          )}
        </>
      }
    >
      <p className="text-slate-700">{t('guests.promptText')}</p>
    </Modal>
  );
}
