import { ACTIVITY_FILTERS } from '@rally/shared';
import { describe, expect, it } from 'vitest';
import { firstStrings } from '../../../locales/en';
import { fetchLaterStrings, mergeStrings } from '../../../locales/strings';

// Every English string: the first load's and the later ones, merged as the running app has them.
// biome-ignore lint/suspicious/noExplicitAny: JSON of nested strings, read by path
const common: any = mergeStrings(firstStrings(), await fetchLaterStrings(), 'later');

import { getActivityTypeLabelKey, parseActivityFilter } from './activity-types';

describe('activity types', () => {
  it('labels every filter, with the SPEC names for posts and submissions', () => {
    const labels = common.activityTypes as Record<string, string>;
    const keys = ACTIVITY_FILTERS.map((f) => getActivityTypeLabelKey(f).split('.')[1] ?? '');
    expect(keys.map((k) => labels[k])).toEqual([
      'All',
      'Personal Page',
      'General participation',
      'Brand Content',
      'Training',
    ]);
  });

  it('reads the filter from the search parameter', () => {
    expect(parseActivityFilter('training')).toBe('training');
    expect(parseActivityFilter('content_submission')).toBe('content_submission');
    expect(parseActivityFilter(null)).toBe('all');
    expect(parseActivityFilter('nope')).toBe('all');
  });
});
