import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadLaterStrings } from '../../../lib/i18n';
import { MENU_BUTTON_CLASS, MenuButtonFace } from './menu-button-face';
import type { UserMenuContentProps } from './user-menu-content';

// The panel's words are among the later strings (locales/en/index.ts), fetched with it if not there yet.
const loadPanel = () =>
  Promise.all([import('./user-menu-panel'), loadLaterStrings()]).then(([panel]) => panel);
const UserMenuPanel = lazy(() => loadPanel().then((m) => ({ default: m.UserMenuPanel })));

interface DeferredUserMenuProps {
  hasDot: boolean;
  content: UserMenuContentProps;
}

/**
 * The user menu without its menu library on first paint: a button that looks the same stands in until the
 * member points at it, focuses or presses it; then the menu's code loads (and opens if it was pressed).
 */
export function DeferredUserMenu({ hasDot, content }: DeferredUserMenuProps) {
  const { t } = useTranslation();
  const dotId = useId();
  const [isPressed, setIsPressed] = useState(false);
  const prefetch = () => void loadPanel();
  const standIn = (
    <button
      type="button"
      aria-label={t('menu.open')}
      aria-describedby={hasDot ? dotId : undefined}
      aria-haspopup="menu"
      aria-expanded={false}
      className={MENU_BUTTON_CLASS}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={() => setIsPressed(true)}
    >
      <MenuButtonFace hasDot={hasDot} dotId={dotId} />
    </button>
  );
  if (!isPressed) return standIn;
  return (
    <Suspense fallback={standIn}>
      <UserMenuPanel hasDot={hasDot} openOnMount content={content} />
    </Suspense>
  );
}
