import { CompleteShareRequestSchema } from '@rally/shared';
import { useState } from 'react';
import { Field } from './field';
import { Input } from './input';

const postUrlSchema = CompleteShareRequestSchema.shape.post_url;

/** The optional link of a shared post, as typed, with the error of its last check. */
export function usePostUrl() {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  /** Checks the link: the value to send ('' when none), or null after showing what is wrong. */
  const parse = (): string | null => {
    const parsed = postUrlSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return null;
    }
    setError(undefined);
    return parsed.data ?? '';
  };
  return { value, setValue, error, parse };
}

/** The "link to your post" field of a share's confirmation. */
export function PostUrlField({
  state,
  label,
  hint,
}: {
  state: ReturnType<typeof usePostUrl>;
  label: string;
  hint: string;
}) {
  return (
    <Field label={label} hint={hint} error={state.error}>
      {(control) => (
        <Input
          {...control}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={state.value}
          onChange={(event) => state.setValue(event.target.value)}
        />
      )}
    </Field>
  );
}
