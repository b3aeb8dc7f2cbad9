import { MenuItem } from '@headlessui/react';
import { getDisplayName, getLocation, type User } from '@rally/shared';
import {
  Bell,
  CircleQuestionMark,
  FileText,
  GraduationCap,
  LogIn,
  LogOut,
  MapPin,
  RefreshCw,
  UserPlus,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { appUpdates } from '../utils/service-worker';
import {
  MenuButtonItem,
  MenuCount,
  MenuDivider,
  MenuDot,
  MenuExternalItem,
  MenuLinkItem,
} from './user-menu-items';

/** full: every entry; restricted: applicants, paused or not yet onboarded; forced: Sign Out only; guest. */
export type UserMenuMode = 'full' | 'restricted' | 'forced' | 'guest';

export interface UserMenuContentProps {
  mode: UserMenuMode;
  user: User | null;
  /** Feature open: guests may create an account. */
  canCreateAccount: boolean;
  /** Feature training. */
  hasTraining: boolean;
  pendingTrainings: number;
  hasUnreadNotifications: boolean;
  isUpdateReady: boolean;
  termsUrl: string | null;
  onSignOut: () => void;
}

function ProfileSummary({ user }: { user: User }) {
  const { t } = useTranslation();
  const name = getDisplayName(user);
  const location = getLocation(user);
  const located = location ? t('menu.locatedIn', { location }) : null;
  return (
    <MenuItem>
      {/* Named by what it shows (WCAG 2.5.3, label in name), then where it leads for screen readers. */}
      <Link to="/profile" className="mb-1 flex items-center gap-3 rounded-xl p-3 data-focus:bg-slate-100">
        <Avatar imageUrl={user.image_url} name={name} size="lg" decorative />
        <span className="min-w-0">
          <span className="block truncate text-base font-semibold text-slate-900">{name}</span>
          {location && (
            <span className="mt-0.5 flex items-center gap-1 text-sm text-slate-600">
              <MapPin aria-hidden className="size-3.5 shrink-0" />
              <span className="truncate">{located}</span>
            </span>
          )}
          <span className="sr-only">, {t('menu.viewProfile')}</span>
        </span>
      </Link>
    </MenuItem>
  );
}

/** The entries of the user menu and their conditions (SPEC 2). */
export function UserMenuContent(props: UserMenuContentProps) {
  const { t } = useTranslation();
  const { mode, user } = props;
  const signOut = (
    <MenuButtonItem icon={LogOut} label={t('menu.signOut')} onClick={props.onSignOut} tone="danger" />
  );
  if (mode === 'forced') return signOut;
  const isFull = mode === 'full' && user;
  return (
    <>
      {isFull && <ProfileSummary user={user} />}
      {mode === 'guest' && props.canCreateAccount && (
        <MenuLinkItem to="/create" icon={UserPlus} label={t('menu.createAccount')} />
      )}
      {mode === 'guest' && <MenuLinkItem to="/login" icon={LogIn} label={t('menu.logIn')} />}
      {isFull && (
        <MenuLinkItem
          to="/notifications"
          icon={Bell}
          label={t('menu.notifications')}
          after={props.hasUnreadNotifications ? <MenuDot label={t('menu.unreadNotifications')} /> : undefined}
        />
      )}
      {isFull && props.hasTraining && (
        <MenuLinkItem
          to="/training-library"
          icon={GraduationCap}
          label={t('menu.training')}
          after={
            props.pendingTrainings > 0 ? (
              <MenuCount
                count={props.pendingTrainings}
                label={t('menu.pendingTrainings', { count: props.pendingTrainings })}
              />
            ) : undefined
          }
        />
      )}
      {props.isUpdateReady && (
        <MenuButtonItem
          icon={RefreshCw}
          label={t('menu.updateReady')}
          onClick={() => appUpdates.applyUpdate()}
          after={<MenuDot label={t('menu.updateAvailable')} />}
        />
      )}
      <MenuDivider />
      <MenuLinkItem to="/help" icon={CircleQuestionMark} label={t('menu.help')} />
      {props.termsUrl ? (
        <MenuExternalItem href={props.termsUrl} icon={FileText} label={t('menu.terms')} />
      ) : (
        // Without an external terms URL the client's contract is its terms; only roaming users can open it.
        isFull && <MenuLinkItem to="/contract" icon={FileText} label={t('menu.terms')} />
      )}
      {mode !== 'guest' && user && (
        <>
          <MenuDivider />
          {signOut}
        </>
      )}
    </>
  );
}
