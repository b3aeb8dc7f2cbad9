import { LOCALE_NAMES, LOCALES, type Locale, type User } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { RadioCards } from '../../../components/ui/radio-cards';
import { ME_QUERY_KEY, useSetUser } from '../../../lib/auth';
import { languageFor, setLanguage } from '../../../lib/language';
import { showToast } from '../../../lib/toast';
import { updateProfile } from '../api/update-profile';

/** Each language named in itself, marked with its language so screen readers read it right. */
const OPTIONS = LOCALES.map((locale) => ({
  value: locale,
  label: <span lang={locale}>{LOCALE_NAMES[locale]}</span>,
}));

/**
 * The member's UI language on /profile (issue 14): saved on their account (PATCH /api/me {locale}), so it follows
 * them to every device; the app switches at once, without a reload. Until they choose,
 * the browser's language is the one shown checked.
 */
export function LanguageChoice({ user }: { user: User }) {
  const { t } = useTranslation();
  const setUser = useSetUser();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (locale: Locale) => updateProfile({ locale }),
    onSuccess: async ({ user: next }) => {
      // The session's user first: the shell follows it (useUserLanguage), so nothing switches back to the old one. A
      // /api/me still in flight from before the save would answer the old language: it is dropped.
      await queryClient.cancelQueries({ queryKey: ME_QUERY_KEY });
      setUser(next);
      await setLanguage(languageFor(next)).catch((error: unknown) =>
        console.error('Could not switch the language', error),
      );
      showToast(t('languages.profile.saved'), { tone: 'success' });
    },
  });
  const shown = mutation.isPending ? mutation.variables : languageFor(user);
  return (
    <div className="space-y-3">
      <RadioCards
        label={t('languages.profile.label')}
        layout="row"
        options={OPTIONS}
        value={shown}
        disabled={mutation.isPending}
        onChange={(locale) => locale !== shown && mutation.mutate(locale)}
      />
      {mutation.isError && (
        <Alert tone="error">{mutation.error.message || t('languages.profile.failed')}</Alert>
      )}
    </div>
  );
}
