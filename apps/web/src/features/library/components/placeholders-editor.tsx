import { X } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { type UseFieldArrayReturn, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/ui/input';
import type { TemplateFormValues } from '../utils/template-form';
import { renamePlaceholder } from '../utils/template-text';

interface PlaceholdersEditorProps {
  placeholders: UseFieldArrayReturn<TemplateFormValues, 'placeholders'>;
  serverError?: string;
}

const cell = 'h-10 text-sm';

/** A placeholder input with its column's name above it on phones (the column headers show from tablet width). */
function Cell({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div>
      <span aria-hidden className="mb-1 block text-xs font-medium text-slate-500 sm:hidden">
        {caption}
      </span>
      {children}
    </div>
  );
}

/** Each placeholder's id (as written in [[id]]), the label members see and its default value. */
export function PlaceholdersEditor({ placeholders, serverError }: PlaceholdersEditorProps) {
  const { t } = useTranslation();
  const { register, formState, getValues, setValue } = useFormContext<TemplateFormValues>();
  // The id a row had when its input got focus, so a changed id can be renamed in the text too.
  const idBeforeEdit = useRef('');
  const handleIdBlur = (index: number) => {
    const from = idBeforeEdit.current.trim();
    const to = getValues(`placeholders.${index}.id`).trim();
    const isTaken = getValues('placeholders').some((p, i) => i !== index && p.id.trim() === to);
    if (!/^[\w-]+$/.test(to) || isTaken) return;
    const body = getValues('body');
    const renamed = renamePlaceholder(body, from, to);
    if (renamed !== body)
      setValue('body', renamed, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };
  const errors = formState.errors.placeholders;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">{t('library.templates.placeholders')}</legend>
      {placeholders.fields.length === 0 ? (
        <p className="text-sm text-slate-500">{t('library.templates.noPlaceholders')}</p>
      ) : (
        <>
          <div
            aria-hidden
            className="hidden grid-cols-[1fr_1fr_1fr_2.25rem] gap-2 text-xs font-medium text-slate-500 sm:grid"
          >
            <span>{t('library.templates.placeholderId')}</span>
            <span>{t('library.templates.placeholderLabel')}</span>
            <span>{t('library.templates.placeholderDefault')}</span>
          </div>
          <ol className="space-y-3 sm:space-y-2">
            {placeholders.fields.map((field, index) => {
              const n = index + 1;
              const rowErrors = errors?.[index];
              const messages = [rowErrors?.id, rowErrors?.name, rowErrors?.value]
                .map((e) => e?.message)
                .filter(Boolean);
              return (
                <li key={field.id} className="rounded-xl border border-slate-200 p-2.5 sm:border-0 sm:p-0">
                  <div className="grid grid-cols-[1fr_2.25rem] gap-2 sm:grid-cols-[1fr_1fr_1fr_2.25rem]">
                    <Cell caption={t('library.templates.placeholderId')}>
                      <Input
                        {...register(`placeholders.${index}.id`, { onBlur: () => handleIdBlur(index) })}
                        onFocus={(event) => {
                          idBeforeEdit.current = event.target.value;
                        }}
                        aria-label={t('library.templates.placeholderIdLabel', { n })}
                        aria-invalid={rowErrors?.id ? true : undefined}
                        placeholder={t('library.templates.placeholderId')}
                        className={`${cell} font-mono`}
                        autoComplete="off"
                      />
                    </Cell>
                    <button
                      type="button"
                      onClick={() => placeholders.remove(index)}
                      aria-label={t('library.templates.removePlaceholder', { n })}
                      className="row-span-3 mt-5 inline-flex size-10 items-center justify-center self-start rounded-lg sm:mt-0 text-slate-500 hover:bg-red-50 hover:text-red-700 sm:order-last sm:row-span-1"
                    >
                      <X aria-hidden className="size-4" />
                    </button>
                    <Cell caption={t('library.templates.placeholderLabel')}>
                      <Input
                        {...register(`placeholders.${index}.name`)}
                        aria-label={t('library.templates.placeholderLabelLabel', { n })}
                        aria-invalid={rowErrors?.name ? true : undefined}
                        placeholder={t('library.templates.placeholderLabel')}
                        className={cell}
                        autoComplete="off"
                      />
                    </Cell>
                    <Cell caption={t('library.templates.placeholderDefault')}>
                      <Input
                        {...register(`placeholders.${index}.value`)}
                        aria-label={t('library.templates.placeholderDefaultLabel', { n })}
                        placeholder={t('library.templates.placeholderDefault')}
                        className={cell}
                        autoComplete="off"
                      />
                    </Cell>
                  </div>
                  {messages.map((message) => (
                    <p key={message} className="mt-1 text-sm font-medium text-red-600">
                      {message}
                    </p>
                  ))}
                </li>
              );
            })}
          </ol>
        </>
      )}
      {errors?.message && <p className="text-sm font-medium text-red-600">{errors.message}</p>}
      {serverError && <p className="text-sm font-medium text-red-600">{serverError}</p>}
    </fieldset>
  );
}
