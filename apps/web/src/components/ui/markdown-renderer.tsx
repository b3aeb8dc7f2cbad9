import { clsx } from 'clsx';
import type { ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

/** Elements a rich text may use: text structure, emphasis, lists, links, quotes, code and tables. No raw HTML. */
const ALLOWED = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'strong',
  'em',
  'del',
  'ul',
  'ol',
  'li',
  'a',
  'blockquote',
  'code',
  'pre',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

interface MdNode {
  type: string;
  depth?: number;
  children?: MdNode[];
}

/**
 * Renumbers the text's heading levels from 1 without gaps (levels 2 and 4 become 1 and 2), so the headings below
 * map onto h3, h4… in order and never skip a level after the page's own h2, whatever levels the author used.
 */
function remarkCompactHeadings() {
  return (tree: MdNode) => {
    const headings: MdNode[] = [];
    const walk = (node: MdNode) => {
      if (node.type === 'heading') headings.push(node);
      node.children?.forEach(walk);
    };
    walk(tree);
    const levels = [...new Set(headings.map((h) => h.depth ?? 1))].sort((a, b) => a - b);
    for (const heading of headings) heading.depth = levels.indexOf(heading.depth ?? 1) + 1;
  };
}

const isSafeHref = (href: string | undefined) => !!href && /^(https?:|mailto:|\/(?!\/))/i.test(href);

const components: Components = {
  // Headings inside content sit below the page's own h1/h2.
  h1: ({ node: _n, ...props }) => <h3 className="text-lg font-bold text-slate-900" {...props} />,
  h2: ({ node: _n, ...props }) => <h4 className="text-base font-bold text-slate-900" {...props} />,
  h3: ({ node: _n, ...props }) => <h5 className="font-semibold text-slate-900" {...props} />,
  h4: ({ node: _n, ...props }) => <h6 className="font-semibold text-slate-900" {...props} />,
  ul: ({ node: _n, ...props }) => <ul className="list-disc space-y-1 pl-5" {...props} />,
  ol: ({ node: _n, ...props }) => <ol className="list-decimal space-y-1 pl-5" {...props} />,
  blockquote: ({ node: _n, ...props }) => (
    <blockquote className="border-l-4 border-brand/40 pl-4 text-slate-700 italic" {...props} />
  ),
  code: ({ node: _n, ...props }) => (
    <code className="rounded bg-slate-100 px-1 py-0.5 text-[0.9em]" {...props} />
  ),
  pre: ({ node: _n, ...props }) => <pre className="overflow-x-auto rounded-lg bg-slate-100 p-3" {...props} />,
  table: ({ node: _n, ...props }) => (
    <div className="overflow-x-auto">
      <table className="min-w-full border-collapse text-left text-sm" {...props} />
    </div>
  ),
  th: ({ node: _n, ...props }) => (
    <th className="border-b border-slate-200 px-2 py-1 font-semibold" {...props} />
  ),
  td: ({ node: _n, ...props }) => <td className="border-b border-slate-100 px-2 py-1" {...props} />,
  a: ({ node: _n, href, children, ...props }) =>
    isSafeHref(href) ? (
      <a
        {...props}
        href={href}
        className="font-medium text-brand-text underline underline-offset-2"
        {...(href?.startsWith('/') ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
      >
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
};

export interface MarkdownProps extends Omit<ComponentProps<'div'>, 'children'> {
  /** Markdown (CommonMark + GitHub tables, strikethrough and autolinks); raw HTML is shown as text. */
  text: string;
}

/** Rich text written by admins (training bodies), rendered safely as React elements. */
export function MarkdownRenderer({ text, className, ...props }: MarkdownProps) {
  return (
    <div className={clsx('space-y-3 text-[0.9375rem] leading-relaxed text-slate-800', className)} {...props}>
      <ReactMarkdown
        remarkPlugins={[remarkGfm, remarkCompactHeadings]}
        allowedElements={ALLOWED}
        unwrapDisallowed
        components={components}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}
