import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The client's words for project and team, lower-cased for use inside sentences. */
export function useWords() {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      project: t('words.project').toLocaleLowerCase(),
      projects: t('words.projects').toLocaleLowerCase(),
      team: t('words.team').toLocaleLowerCase(),
      teams: t('words.teams').toLocaleLowerCase(),
    }),
    [t],
  );
}
