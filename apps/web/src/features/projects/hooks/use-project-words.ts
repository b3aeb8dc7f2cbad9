import { useTranslation } from 'react-i18next';

/** The client's word for project (SPEC 1), capitalised for titles and lower case for sentences. */
export function useProjectWords() {
  const { t } = useTranslation();
  const Project = t('words.project');
  const Projects = t('words.projects');
  return {
    Project,
    Projects,
    project: Project.toLocaleLowerCase(),
    projects: Projects.toLocaleLowerCase(),
  };
}
