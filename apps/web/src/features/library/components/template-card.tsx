import { fillTemplate, type Template } from '@rally/shared';
import { Braces } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { HashtagText } from '../../../components/ui/hashtag-text';
import { ItemActions } from './item-actions';
import { TagList } from './tag-list';

interface TemplateCardProps {
  template: Template;
  onEdit: () => void;
  onDelete: () => void;
}

/** A template: its name, the text as members first see it (defaults filled in), tags and placeholders. */
export function TemplateCard({ template, onEdit, onDelete }: TemplateCardProps) {
  const { t } = useTranslation();
  const values = Object.fromEntries(template.placeholders.map((p) => [p.id, p.value]));
  return (
    <Card className="flex h-full flex-col gap-3 p-4">
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 pt-1.5 font-semibold text-slate-900">{template.name}</h3>
        <ItemActions name={template.name} onEdit={onEdit} onDelete={onDelete} />
      </div>
      <HashtagText
        text={fillTemplate(template.body, values)}
        className="line-clamp-5 rounded-xl bg-slate-50 p-3 text-sm text-slate-700"
      />
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
        <TagList tags={template.tags} />
        {template.placeholders.length > 0 && (
          <span className="inline-flex items-center gap-1 text-xs text-slate-500">
            <Braces aria-hidden className="size-3.5" />
            {t('library.templates.placeholderCount', { count: template.placeholders.length })}
          </span>
        )}
      </div>
    </Card>
  );
}
