import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import type { FormDraft } from '../utils/form-draft';

const selectClasses = 'block h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base';

/** Automatic decisions at submission: an answer value and email domains, to approve or to reject. */
export function RulesEditor({
  draft,
  onChange,
}: {
  draft: FormDraft;
  onChange: (patch: Partial<FormDraft>) => void;
}) {
  const { t } = useTranslation();
  const askable = draft.questions.filter((q) => q.type !== 'file' && q.label.trim() !== '');
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold text-slate-900">{t('applicants.rules.title')}</legend>
      <p className="text-sm text-slate-600">{t('applicants.rules.hint')}</p>
      {(['approve', 'reject'] as const).map((kind) => (
        <div key={kind} className="grid gap-3 rounded-xl border border-slate-200 p-4 sm:grid-cols-3">
          <p className="text-sm font-semibold text-slate-900 sm:col-span-3">
            {t(`applicants.rules.${kind}`)}
          </p>
          <Field label={t('applicants.rules.question')}>
            {(control) => (
              <select
                {...control}
                className={selectClasses}
                value={draft[`${kind}_question`]}
                onChange={(e) => onChange({ [`${kind}_question`]: e.target.value })}
              >
                <option value="">{t('applicants.rules.noQuestion')}</option>
                {askable.map((q) => (
                  <option key={q.id} value={q.id}>
                    {q.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('applicants.rules.value')}>
            {(control) => (
              <Input
                {...control}
                disabled={!draft[`${kind}_question`]}
                value={draft[`${kind}_value`]}
                onChange={(e) => onChange({ [`${kind}_value`]: e.target.value })}
              />
            )}
          </Field>
          <Field label={t('applicants.rules.domains')} hint={t('applicants.rules.domainsHint')}>
            {(control) => (
              <Input
                {...control}
                value={draft[`${kind}_domains`]}
                onChange={(e) => onChange({ [`${kind}_domains`]: e.target.value })}
              />
            )}
          </Field>
        </div>
      ))}
    </fieldset>
  );
}
