import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { TeamImage } from './team-image';

interface TeamCardProps {
  id: string;
  name: string;
  imageUrl: string | null;
  /** A line under the name, e.g. member count and rank. */
  meta?: ReactNode;
  /** A button beside the card's link (e.g. Join). */
  action?: ReactNode;
}

/** A team's picture and name linking to its page, with an optional line of facts and an action. */
export function TeamCard({ id, name, imageUrl, meta, action }: TeamCardProps) {
  return (
    <Card className="flex h-full items-center gap-3 p-4">
      <TeamImage imageUrl={imageUrl} name={name} />
      <div className="min-w-0 flex-1">
        <h3 className="truncate font-semibold text-slate-900">
          <Link
            to={`/community/teams/${encodeURIComponent(id)}`}
            className="rounded hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-text"
          >
            {name}
          </Link>
        </h3>
        {meta && <p className="mt-0.5 truncate text-sm text-slate-600">{meta}</p>}
      </div>
      {action}
    </Card>
  );
}
