import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** A quiet link back up the hierarchy (project list, project page). */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1.5 rounded-lg text-sm font-semibold text-slate-600 hover:text-brand-text"
    >
      <ArrowLeft aria-hidden className="size-4" />
      {children}
    </Link>
  );
}
