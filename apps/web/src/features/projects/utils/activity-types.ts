import { ACTIVITY_FILTERS, type ActivityType } from '@rally/shared';

/** A value of the projects filter: every type, or one activity type. */
export type ActivityFilter = (typeof ACTIVITY_FILTERS)[number];

/** i18n key of an activity type's label (SPEC 1: social_post is Personal Page, content_submission Brand Content). */
export function getActivityTypeLabelKey(type: ActivityFilter): string {
  return `activityTypes.${type}`;
}

/** The filter a `?type=` search parameter asks for; anything unknown means all. */
export function parseActivityFilter(value: string | null): ActivityFilter {
  return (ACTIVITY_FILTERS as readonly string[]).includes(value ?? '') ? (value as ActivityFilter) : 'all';
}

/** Whether the filter is one activity type (not all). */
export function isActivityType(filter: ActivityFilter): filter is ActivityType {
  return filter !== 'all';
}
