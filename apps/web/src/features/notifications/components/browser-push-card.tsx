import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import {
  type BrowserPushState,
  disableBrowserPush,
  enableBrowserPush,
  getBrowserPushState,
} from '../utils/browser-push';

/** Turns Web Push on or off for this browser (shown only when the server has a VAPID key). */
export function BrowserPushCard({ publicKey }: { publicKey: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<BrowserPushState | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    getBrowserPushState()
      .then(setState)
      .catch(() => setState('unsupported'));
  }, []);

  const handleToggle = async () => {
    setIsBusy(true);
    setError(null);
    try {
      setState(state === 'on' ? await disableBrowserPush() : await enableBrowserPush(publicKey));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setIsBusy(false);
    }
  };

  if (state === null) return null;
  const text =
    state === 'unsupported'
      ? t('notify.browserUnsupported')
      : state === 'denied'
        ? t('notify.browserDenied')
        : state === 'on'
          ? t('notify.browserOn')
          : t('notify.browserOff');
  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand/10 text-brand-text">
          <BellRing aria-hidden className="size-5" />
        </span>
        <div>
          <h3 className="font-semibold text-slate-900">{t('notify.browserHeading')}</h3>
          <p className="text-sm text-slate-600">{t('notify.browserText')}</p>
          <p className="mt-1 text-sm text-slate-800" aria-live="polite">
            {text}
          </p>
          {error && (
            <Alert tone="error" className="mt-2">
              {t('notify.browserFailed', { message: error })}
            </Alert>
          )}
        </div>
      </div>
      {(state === 'on' || state === 'off') && (
        <Button variant={state === 'on' ? 'secondary' : 'primary'} onClick={handleToggle} isLoading={isBusy}>
          {state === 'on' ? t('notify.browserDisable') : t('notify.browserEnable')}
        </Button>
      )}
    </Card>
  );
}
