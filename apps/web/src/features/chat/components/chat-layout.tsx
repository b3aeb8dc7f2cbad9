import { clsx } from 'clsx';
import type { ReactNode } from 'react';

interface ChatLayoutProps {
  /** The list of conversations (or the inbox). */
  list: ReactNode;
  /** The open conversation, or what is shown beside the list when none is open (desktop). */
  main: ReactNode;
  /** A panel beside the conversation (a thread, the brand team's notes). */
  side: ReactNode | null;
  hasConversation: boolean;
  /**
   * 'admin': in the admin area, under its page selector (phones, tablets) or beside its side navigation, with a
   * narrower side panel (the list is as wide as the member's, so a name and its preview fit).
   */
  variant?: 'page' | 'admin';
}

const VARIANTS = {
  page: {
    height: 'h-[calc(100dvh-10rem)] md:h-[calc(100dvh-12rem)]',
    columns: 'lg:grid-cols-[20rem_minmax(0,1fr)]',
    side: 'xl:grid-cols-[20rem_minmax(0,1fr)_24rem]',
  },
  admin: {
    height: 'h-[calc(100dvh-15.75rem)] md:h-[calc(100dvh-17rem)] lg:h-[calc(100dvh-12rem)]',
    columns: 'lg:grid-cols-[20rem_minmax(0,1fr)]',
    side: 'xl:grid-cols-[20rem_minmax(0,1fr)_18rem]',
  },
};

/**
 * The chat's panes: the list and the open conversation side by side from desktop width (with a thread or notes
 * panel beside them on wide screens, instead of the conversation below that), one pane at a time on phones. The
 * frame takes the screen's height so each pane scrolls on its own.
 */
export function ChatLayout({ list, main, side, hasConversation, variant = 'page' }: ChatLayoutProps) {
  const hasSide = side !== null;
  return (
    <div
      className={clsx(
        // Phones: edge to edge, down to the bottom navigation (into the page's bottom padding kept for it).
        '-mx-4 -mb-11 grid min-h-[26rem] overflow-hidden border-y border-slate-200 bg-white',
        'sm:mx-0 sm:rounded-2xl sm:border-x sm:shadow-xs md:mb-0',
        VARIANTS[variant].height,
        'grid-cols-[minmax(0,1fr)]',
        VARIANTS[variant].columns,
        hasSide && VARIANTS[variant].side,
      )}
    >
      <section
        className={clsx(
          'min-h-0 flex-col border-slate-200 lg:flex lg:border-r',
          hasConversation ? 'hidden' : 'flex',
        )}
      >
        {list}
      </section>
      <section
        className={clsx(
          'min-h-0 flex-col',
          hasConversation ? (hasSide ? 'hidden xl:flex' : 'flex') : 'hidden lg:flex',
        )}
      >
        {main}
      </section>
      {hasSide && <section className="flex min-h-0 flex-col border-slate-200 xl:border-l">{side}</section>}
    </div>
  );
}
