import type { Creative } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { CreativeMedia } from './creative-media';
import { ItemActions } from './item-actions';
import { TagList } from './tag-list';

interface CreativeCardProps {
  creative: Creative;
  onEdit: () => void;
  onDelete: () => void;
}

/** A creative's thumbnail, name, kind and tags. */
export function CreativeCard({ creative, onEdit, onDelete }: CreativeCardProps) {
  const { t } = useTranslation();
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <div className="relative aspect-square bg-slate-100">
        <CreativeMedia url={creative.url} kind={creative.kind} alt={creative.name} />
        <Badge tone="neutral" className="absolute top-2 left-2 bg-white/90 shadow-sm">
          {t(`library.creatives.kinds.${creative.kind}`)}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <div className="flex items-start justify-between gap-1">
          <h3 className="min-w-0 break-words pt-2 text-sm font-semibold text-slate-900">{creative.name}</h3>
          <ItemActions name={creative.name} onEdit={onEdit} onDelete={onDelete} />
        </div>
        <TagList tags={creative.tags} />
      </div>
    </Card>
  );
}
