import { fillTemplate, type Template } from '@rally/shared';
import { useMemo, useState } from 'react';
import { getInitialValues, getPlaceholderFields, type PlaceholderField } from '../utils/post-draft';

export interface PostDraft {
  fields: PlaceholderField[];
  values: Record<string, string>;
  setValue: (token: string, value: string) => void;
  /** The text to share: the filled template until the member edits it, then their text. */
  text: string;
  setText: (text: string) => void;
  /** The member changed the text by hand; placeholder fields no longer rewrite it. */
  isEdited: boolean;
  /** Back to the template filled with the current field values. */
  reset: () => void;
}

/**
 * The post text: placeholders fill the template live; once the member edits the text itself their words
 * win (rewriting them from the fields would lose edits), until they reset it.
 */
export function usePostDraft(template: Template | null): PostDraft {
  const fields = useMemo(() => (template ? getPlaceholderFields(template) : []), [template]);
  const [values, setValues] = useState(() => getInitialValues(fields));
  const [edited, setEdited] = useState<string | null>(null);
  const filled = template ? fillTemplate(template.body, values) : '';
  return {
    fields,
    values,
    setValue: (token, value) => setValues((previous) => ({ ...previous, [token]: value })),
    text: edited ?? filled,
    setText: setEdited,
    isEdited: edited !== null,
    reset: () => setEdited(null),
  };
}
