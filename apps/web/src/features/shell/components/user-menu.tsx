import { Menu, MenuButton, MenuItems } from '@headlessui/react';
import { MENU_SCROLL_UNLOCK_MS } from '@rally/shared';
import { clsx } from 'clsx';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MENU_BUTTON_CLASS, MenuButtonFace } from './menu-button-face';

/** Keeps the menu panel from scrolling until its slide-down has settled (SPEC 9: 500 ms). */
function ScrollUnlock({ children }: { children: ReactNode }) {
  const [isUnlocked, setIsUnlocked] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setIsUnlocked(true), MENU_SCROLL_UNLOCK_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <div
      data-scroll-unlocked={isUnlocked || undefined}
      className={clsx('max-h-[calc(100dvh-5rem)] p-2', isUnlocked ? 'overflow-y-auto' : 'overflow-hidden')}
    >
      {children}
    </div>
  );
}

interface UserMenuProps {
  /** Dot on the button: unread notifications, an app update or pending trainings. */
  hasDot: boolean;
  /** Opens as soon as it is drawn: the stand-in button was pressed while this code loaded. */
  openOnMount?: boolean;
  children: ReactNode;
}

/** The slide-down user menu (Headless UI Menu: arrow keys, Escape, focus return). */
export function UserMenu({ hasDot, openOnMount = false, children }: UserMenuProps) {
  const { t } = useTranslation();
  const dotId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!openOnMount) return;
    buttonRef.current?.focus();
    buttonRef.current?.click();
  }, [openOnMount]);
  return (
    <Menu>
      <MenuButton
        ref={buttonRef}
        aria-label={t('menu.open')}
        aria-describedby={hasDot ? dotId : undefined}
        className={MENU_BUTTON_CLASS}
      >
        <MenuButtonFace hasDot={hasDot} dotId={dotId} />
      </MenuButton>
      <MenuItems
        transition
        className="absolute inset-x-0 top-full z-40 origin-top border-b border-slate-200 bg-white shadow-xl transition duration-200 ease-out focus:outline-none data-closed:-translate-y-3 data-closed:opacity-0 md:left-auto md:right-[max(1rem,calc((100vw-var(--shell-width))/2+1rem))] md:w-80 md:rounded-b-2xl md:border-x"
      >
        <ScrollUnlock>{children}</ScrollUnlock>
      </MenuItems>
    </Menu>
  );
}
