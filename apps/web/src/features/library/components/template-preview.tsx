import { fillTemplate } from '@rally/shared';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { HashtagText } from '../../../components/ui/hashtag-text';
import type { TemplateFormValues } from '../utils/template-form';

/** The text as a member first sees it: placeholders filled with their defaults, hashtags in blue. */
export function TemplatePreview() {
  const { t } = useTranslation();
  const { control } = useFormContext<TemplateFormValues>();
  const [body, placeholders] = useWatch({ control, name: ['body', 'placeholders'] });
  const values = Object.fromEntries(placeholders.map((p) => [p.id.trim(), p.value]));
  return (
    <section aria-label={t('library.templates.preview')} className="space-y-1.5 lg:sticky lg:top-0">
      <h3 className="text-sm font-medium text-slate-800">{t('library.templates.preview')}</h3>
      <div className="rounded-xl border border-slate-200 bg-slate-50 p-3.5 text-sm text-slate-800">
        {body.trim() ? (
          <HashtagText text={fillTemplate(body, values)} />
        ) : (
          <p className="text-slate-500">{t('library.templates.previewEmpty')}</p>
        )}
      </div>
    </section>
  );
}
