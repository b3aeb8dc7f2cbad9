import { ChevronRight, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

interface HomeCardProps {
  to: string;
  icon: LucideIcon;
  title: string;
  text: string;
}

/** A shortcut card on the home page. */
export function HomeCard({ to, icon: Icon, title, text }: HomeCardProps) {
  return (
    <li>
      <Link
        to={to}
        className="group flex h-full items-center gap-4 rounded-2xl border border-slate-200/80 bg-white p-4 shadow-sm transition hover:border-brand/40 hover:shadow-md"
      >
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand/10 text-brand-text">
          <Icon aria-hidden className="size-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-semibold text-slate-900">{title}</span>
          <span className="block text-sm text-slate-600">{text}</span>
        </span>
        <ChevronRight
          aria-hidden
          className="size-4 shrink-0 text-slate-400 transition group-hover:translate-x-0.5"
        />
      </Link>
    </li>
  );
}
