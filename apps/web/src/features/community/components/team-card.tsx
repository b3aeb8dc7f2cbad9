import { Users } from 'lucide-react';
import { Card } from '../../../components/ui/card';

/** A team's picture (or a default icon in a primary-colour square) and name. */
export function TeamCard({ name, imageUrl }: { name: string; imageUrl: string | null }) {
  return (
    <Card className="flex items-center gap-3 p-4">
      {imageUrl ? (
        <img src={imageUrl} alt={name} className="size-12 shrink-0 rounded-xl object-cover" />
      ) : (
        <span
          role="img"
          aria-label={name}
          className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand text-brand-contrast"
        >
          <Users aria-hidden className="size-6" />
        </span>
      )}
      <h3 className="min-w-0 truncate font-semibold text-slate-900">{name}</h3>
    </Card>
  );
}
