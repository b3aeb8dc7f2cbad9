import { useTranslation } from 'react-i18next';

/** First focusable element: jumps past the header and navigation to the main content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-lg bg-brand px-4 py-2 font-semibold text-brand-contrast focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
    >
      {t('shell.skipToContent')}
    </a>
  );
}
