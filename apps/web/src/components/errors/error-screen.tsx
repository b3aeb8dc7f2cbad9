import { TriangleExclamationPoint } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../ui/button';

/**
 * The render-failure screen (SPEC 2, 8). Plain links reload the document, which also resets whatever
 * state broke the render.
 */
export function ErrorScreen() {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[60dvh] max-w-md flex-col items-center justify-center px-6 text-center"
    >
      <span className="mb-5 flex size-16 items-center justify-center rounded-full bg-red-50 text-red-600">
        <TriangleExclamationPoint aria-hidden className="size-8" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('errorScreen.title')}</h1>
      <p className="mt-2 text-slate-600">{t('errorScreen.text')}</p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
        <a href="/" className={buttonClasses('primary', 'lg')}>
          {t('errorScreen.goHome')}
        </a>
        <a href="/help" className={buttonClasses('secondary', 'lg')}>
          {t('errorScreen.contactSupport')}
        </a>
      </div>
    </div>
  );
}
