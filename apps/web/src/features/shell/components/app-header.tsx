import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResponsiveImage } from '../../../components/ui/responsive-image';

interface AppHeaderProps {
  clientName: string;
  /** Header logo (40x40) or, on the home page, the larger home image. */
  logoUrl: string | null;
  logoSize: { width: number; height: number };
  title: string;
  /** Whether the title is the page's h1 (app pages) or plain text (focus pages, whose card holds the h1). */
  isTitleHeading: boolean;
  /** Forced flows give no way out through the logo. */
  isLogoLinked: boolean;
  actions: ReactNode;
  /** Rendered under the header row (the top navigation from tablet width). */
  children?: ReactNode;
}

/** Sticky page header: client logo, page title and the action buttons (SPEC 2). */
export function AppHeader(props: AppHeaderProps) {
  const { t } = useTranslation();
  const { width, height } = props.logoSize;
  const logo = props.logoUrl ? (
    // Always in view and small: loaded at once, without taking priority from the page's main picture.
    <ResponsiveImage
      src={props.logoUrl}
      alt={props.clientName}
      width={width}
      height={height}
      sizes={`${width}px`}
      loading="eager"
      style={{ width, height }}
      className="shrink-0 rounded-xl object-contain"
    />
  ) : (
    <span
      aria-hidden
      style={{ width, height, fontSize: Math.round(height * 0.45) }}
      className="flex shrink-0 items-center justify-center rounded-xl bg-brand font-bold text-brand-contrast"
    >
      {props.clientName.slice(0, 1).toUpperCase()}
    </span>
  );
  const Title = props.isTitleHeading ? 'h1' : 'p';
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 pt-[env(safe-area-inset-top)] backdrop-blur">
      <div className="mx-auto flex max-w-(--shell-width) items-center gap-3 px-4 py-2.5">
        {props.isLogoLinked ? (
          <Link
            to="/"
            aria-label={t('shell.homeLink', { client: props.clientName })}
            className="shrink-0 rounded-xl"
          >
            {logo}
          </Link>
        ) : (
          logo
        )}
        <Title className="line-clamp-2 min-w-0 flex-1 text-base leading-tight font-semibold tracking-tight break-words text-slate-900 sm:text-lg">
          {props.title}
        </Title>
        <div className="flex shrink-0 items-center gap-1">{props.actions}</div>
      </div>
      {props.children}
    </header>
  );
}
