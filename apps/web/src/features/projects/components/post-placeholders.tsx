import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import type { PostDraft } from '../hooks/use-post-draft';

/** One input per [[placeholder]], labelled by the placeholder's name, filling the text live. */
export function PostPlaceholders({ draft }: { draft: PostDraft }) {
  const { t } = useTranslation();
  if (draft.fields.length === 0) return null;
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-slate-900">{t('post.fieldsHeading')}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {draft.fields.map((field) => (
          <Field key={field.token} label={field.label}>
            {(control) => (
              <Input
                {...control}
                value={draft.values[field.token] ?? ''}
                onChange={(event) => draft.setValue(field.token, event.target.value)}
                disabled={draft.isEdited}
              />
            )}
          </Field>
        ))}
      </div>
      {draft.isEdited && <p className="text-sm text-slate-500">{t('post.editedHint')}</p>}
    </fieldset>
  );
}
