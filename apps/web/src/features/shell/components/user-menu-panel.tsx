import { UserMenu } from './user-menu';
import { UserMenuContent, type UserMenuContentProps } from './user-menu-content';

export interface UserMenuPanelProps {
  hasDot: boolean;
  openOnMount: boolean;
  content: UserMenuContentProps;
}

/** The user menu with its entries: the code the deferred menu loads on first use. */
export function UserMenuPanel({ hasDot, openOnMount, content }: UserMenuPanelProps) {
  return (
    <UserMenu hasDot={hasDot} openOnMount={openOnMount}>
      <UserMenuContent {...content} />
    </UserMenu>
  );
}
