import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { LucideIcon } from 'lucide-react';
import { Ellipsis } from 'lucide-react';

export interface MenuAction {
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
  isDanger?: boolean;
}

/** A "…" menu of actions; entries given as `false` (not allowed) are left out, and no menu when none is left. */
export function ActionsMenu({ label, actions: given }: { label: string; actions: (MenuAction | false)[] }) {
  const actions = given.filter((action): action is MenuAction => action !== false);
  if (actions.length === 0) return null;
  return (
    <Menu>
      <MenuButton
        aria-label={label}
        className="flex size-8 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-text"
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
              className={`flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm data-focus:bg-slate-100 ${isDanger ? 'text-red-700' : 'text-slate-800'}`}
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
