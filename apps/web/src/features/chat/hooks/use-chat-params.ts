import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { isId } from '../utils/client-id';

export interface ChatParams {
  /** The open conversation (`conversation`). */
  conversation: string | null;
  /** The open thread's first message (`thread`, SPEC 2). */
  thread: string | null;
  /** A message to scroll to (`scroll`, SPEC 2); pixel offsets the shell may write there are ignored. */
  scroll: string | null;
}

/**
 * The chat page's place in its address, so that links, reloads and the back button work: `/chat?conversation={id}
 * &thread={root}&scroll={message}` (SPEC 2 names `thread` and `scroll`; a link may give them alone and the page
 * finds the conversation). Other parameters (the inbox's filters) are kept.
 */
export function useChatParams() {
  const [search, setSearch] = useSearchParams();
  const params: ChatParams = {
    conversation: isId(search.get('conversation')) ? search.get('conversation') : null,
    thread: isId(search.get('thread')) ? search.get('thread') : null,
    scroll: isId(search.get('scroll')) ? search.get('scroll') : null,
  };
  const go = useCallback(
    (next: Partial<ChatParams>, options: { replace?: boolean } = {}) => {
      setSearch(
        (current) => {
          const out = new URLSearchParams(current);
          for (const name of ['conversation', 'thread', 'scroll'] as const) {
            const value = next[name];
            if (value === undefined) continue;
            if (value === null) out.delete(name);
            else out.set(name, value);
          }
          return out;
        },
        { replace: options.replace },
      );
    },
    [setSearch],
  );
  const setParam = useCallback(
    (name: string, value: string | null) =>
      setSearch((current) => {
        const out = new URLSearchParams(current);
        if (value === null) out.delete(name);
        else out.set(name, value);
        return out;
      }),
    [setSearch],
  );
  return { params, search, go, setParam };
}
