import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import { Ellipsis } from 'lucide-react';

export interface MenuAction {
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
  isDanger?: boolean;
}

/**
 * The "…" menu of a post, comment or message; nothing when the viewer may do nothing. An entry given as `false`
 * (the viewer may not do it, e.g. `abilities.can_edit && {…}`) is left out.
 */
export function ActionsMenu({
  label,
  actions: given,
  size = 'md',
}: {
  label: string;
  actions: (MenuAction | false)[];
  size?: 'sm' | 'md';
}) {
  const actions = given.filter((action): action is MenuAction => action !== false);
  if (actions.length === 0) return null;
  return (
    <Menu>
      <MenuButton
        aria-label={label}
        className={clsx(
          'flex items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-text',
          size === 'sm' ? 'size-8' : 'size-9',
        )}
      >
        <Ellipsis aria-hidden className="size-5" />
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-40 min-w-44 rounded-xl border border-slate-200 bg-white p-1 shadow-lg [--anchor-gap:4px] focus:outline-none"
      >
        {actions.map(({ label: text, icon: Icon, onSelect, isDanger }) => (
          <MenuItem key={text}>
            <button
              type="button"
              onClick={onSelect}
              className={clsx(
                'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm data-focus:bg-slate-100',
                isDanger ? 'text-red-700' : 'text-slate-800',
              )}
            >
              <Icon aria-hidden className="size-4" />
              {text}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
