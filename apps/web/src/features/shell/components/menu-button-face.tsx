import { Menu as MenuIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export const MENU_BUTTON_CLASS =
  'relative flex size-10 items-center justify-center rounded-full text-slate-700 transition hover:bg-slate-100 data-open:bg-slate-100';

/** What the user menu's button shows: the menu icon and, when something waits, the dot with its spoken label. */
export function MenuButtonFace({ hasDot, dotId }: { hasDot: boolean; dotId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <MenuIcon aria-hidden className="size-5" />
      {hasDot && (
        <>
          <span
            aria-hidden
            data-testid="menu-dot"
            className="absolute right-1.5 top-1.5 size-2.5 rounded-full bg-red-600 ring-2 ring-white"
          />
          <span id={dotId} className="sr-only">
            {t('menu.dot')}
          </span>
        </>
      )}
    </>
  );
}
