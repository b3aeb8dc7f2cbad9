import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import { Braces, Plus } from 'lucide-react';
import type { RefObject } from 'react';
import { type UseFieldArrayReturn, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/button';
import type { TemplateFormValues } from '../utils/template-form';
import { MAX_PLACEHOLDERS } from '../utils/template-form';
import { insertAtCursor, nextPlaceholderId, placeholderMarker } from '../utils/template-text';

const item = 'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm data-focus:bg-brand/10';

/** "Insert placeholder": puts [[id]] at the text's cursor, for a defined placeholder or a new one. */
interface InsertPlaceholderMenuProps {
  bodyRef: RefObject<HTMLTextAreaElement | null>;
  /** The form's placeholders list (one useFieldArray per list, owned by the form). */
  placeholders: UseFieldArrayReturn<TemplateFormValues, 'placeholders'>;
}

export function InsertPlaceholderMenu({ bodyRef, placeholders }: InsertPlaceholderMenuProps) {
  const { t } = useTranslation();
  const { control, getValues, setValue, setFocus, formState } = useFormContext<TemplateFormValues>();
  const current = useWatch({ control, name: 'placeholders' });

  const insert = (id: string, focusAfter: () => void) => {
    const element = bodyRef.current;
    const marker = placeholderMarker(id);
    const { text, cursor } = insertAtCursor(
      getValues('body'),
      element?.selectionStart,
      element?.selectionEnd,
      marker,
    );
    setValue('body', text, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    // After the menu has handed focus back to its button.
    setTimeout(focusAfter, 0);
    return cursor;
  };
  const handleExisting = (id: string) => {
    const cursor = insert(id, () => {
      bodyRef.current?.focus();
      bodyRef.current?.setSelectionRange(cursor, cursor);
    });
  };
  const handleNew = () => {
    const index = current.length;
    const id = nextPlaceholderId(current.map((p) => p.id));
    placeholders.append({ id, name: '', value: '' }, { shouldFocus: false });
    insert(id, () => setFocus(`placeholders.${index}.name`));
  };

  return (
    <Menu>
      <MenuButton className={buttonClasses('secondary', 'sm')}>
        <Braces aria-hidden className="size-4" />
        {t('library.templates.insertPlaceholder')}
      </MenuButton>
      <MenuItems
        anchor="bottom start"
        className="z-[60] w-64 rounded-xl border border-slate-200 bg-white p-1 shadow-lg [--anchor-gap:4px] focus:outline-none"
      >
        {placeholders.fields.map((field, index) => {
          const placeholder = current[index];
          if (!placeholder?.id.trim()) return null;
          return (
            <MenuItem key={field.id}>
              <button type="button" className={item} onClick={() => handleExisting(placeholder.id.trim())}>
                <code className="shrink-0 text-brand-text">{placeholderMarker(placeholder.id.trim())}</code>
                <span className="truncate text-slate-500">{placeholder.name}</span>
              </button>
            </MenuItem>
          );
        })}
        {current.length > 0 && <MenuSeparator className="my-1 h-px bg-slate-200" />}
        <MenuItem disabled={current.length >= MAX_PLACEHOLDERS}>
          <button type="button" className={item} onClick={handleNew}>
            <Plus aria-hidden className="size-4 text-brand-text" />
            {t('library.templates.newPlaceholder')}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
