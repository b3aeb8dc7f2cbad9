import { ACTIVITY_FILTERS } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { SelectListbox } from '../../../components/ui/select-listbox';
import { type ActivityFilter, getActivityTypeLabelKey } from '../utils/activity-types';

interface ProjectTypeFilterProps {
  value: ActivityFilter;
  onChange: (value: ActivityFilter) => void;
}

/** Activity type filter: segments from tablet width, a listbox on phones; both named "Activity type". */
export function ProjectTypeFilter({ value, onChange }: ProjectTypeFilterProps) {
  const { t } = useTranslation();
  const label = t('projects.filterLabel');
  const options = ACTIVITY_FILTERS.map((filter) => ({
    value: filter,
    label: t(getActivityTypeLabelKey(filter)),
  }));
  return (
    <>
      <SelectListbox
        label={label}
        options={options}
        value={value}
        onChange={onChange}
        className="md:hidden"
      />
      {/* A wrapper hides it on phones: the control's own display class would win over `hidden`. */}
      <div className="hidden md:block">
        <SegmentedControl label={label} options={options} value={value} onChange={onChange} />
      </div>
    </>
  );
}
