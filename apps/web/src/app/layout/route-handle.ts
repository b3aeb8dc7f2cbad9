import type { UIMatch } from 'react-router';

/** Per-route metadata read by the shell. */
export interface RouteHandle {
  /** i18n key of the page title (header and document title). */
  titleKey?: string;
  /** 'focus': sign-in, onboarding and status pages: no main navigation, the card holds the h1. */
  chrome?: 'focus';
  /** 'wide': the page and the shell around it use a wider column (the admin area: side navigation and tables). */
  width?: 'wide';
}

export interface PageTitles {
  /** Outermost title: shown in the header (e.g. "Community"). */
  sectionKey: string | null;
  /** Innermost title: the document title (e.g. "Leaderboard"). */
  pageKey: string | null;
  isFocus: boolean;
  isWide: boolean;
}

export function readRouteHandles(matches: readonly UIMatch[]): PageTitles {
  const handles = matches.map((match) => (match.handle ?? {}) as RouteHandle);
  const titled = handles.filter((handle) => handle.titleKey);
  return {
    sectionKey: titled[0]?.titleKey ?? null,
    pageKey: titled[titled.length - 1]?.titleKey ?? null,
    isFocus: handles.some((handle) => handle.chrome === 'focus'),
    isWide: handles.some((handle) => handle.width === 'wide'),
  };
}
