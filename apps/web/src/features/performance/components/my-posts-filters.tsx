import { MY_POST_PERIODS, type MyPostPeriod, type SocialChannel } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { SelectListbox } from '../../../components/ui/select-listbox';
import { useClient } from '../../../lib/client';
import { type MyPostsFilters, useMemberProjects } from '../api/get-my-posts';

const ALL = 'all';

/** My Posts' network, project and period filters. */
export function MyPostsFilterBar({
  userId,
  filters,
  onChange,
}: {
  userId: string;
  filters: MyPostsFilters;
  onChange: (filters: MyPostsFilters) => void;
}) {
  const { t } = useTranslation();
  const client = useClient();
  const projects = useMemberProjects(userId);
  const channels = [
    { value: ALL, label: t('myPosts.allNetworks') },
    ...client.channels.map((c) => ({ value: c, label: t(`channels.${c}`) })),
  ];
  const projectOptions = [
    { value: ALL, label: t('myPosts.allProjects') },
    ...(projects.data?.projects ?? []).map((p) => ({ value: p.id, label: p.name })),
  ];
  // A project picked earlier stays selectable while the list loads or after the member left it.
  if (filters.projectId && !projectOptions.some((o) => o.value === filters.projectId))
    projectOptions.push({ value: filters.projectId, label: t('myPosts.project') });
  return (
    <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <legend className="sr-only">{t('myPosts.filtersLabel')}</legend>
      <SelectListbox
        label={t('myPosts.network')}
        options={channels}
        value={filters.channel ?? ALL}
        onChange={(value) =>
          onChange({ ...filters, channel: value === ALL ? null : (value as SocialChannel) })
        }
      />
      <SelectListbox
        label={t('myPosts.project')}
        options={projectOptions}
        value={filters.projectId ?? ALL}
        onChange={(value) => onChange({ ...filters, projectId: value === ALL ? null : value })}
      />
      <SelectListbox<MyPostPeriod>
        label={t('myPosts.period')}
        options={MY_POST_PERIODS.map((p) => ({ value: p, label: t(`myPosts.periods.${p}`) }))}
        value={filters.period}
        onChange={(period) => onChange({ ...filters, period })}
      />
    </fieldset>
  );
}
