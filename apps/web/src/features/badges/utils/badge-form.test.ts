import type { AdminBadge } from '@rally/shared';
import { describe, expect, it } from 'vitest';
import { formFromBadge, isRuleChanged, requestFromForm, validateBadgeForm } from './badge-form';

const base = formFromBadge(null);

describe('badge form', () => {
  it('sends only the options the criterion uses', () => {
    expect(
      requestFromForm({ ...base, name: 'Weekly', criterion: 'points', period: 'week', threshold: '500' }),
    ).toMatchObject({
      criterion: 'points',
      period: 'week',
      activity_type: null,
      threshold: 500,
      tiers: null,
    });
    expect(
      requestFromForm({ ...base, name: 'Hero', criterion: 'manual', period: 'month', threshold: '4' }),
    ).toMatchObject({
      period: null,
      threshold: null,
      tiers: null,
    });
    expect(
      requestFromForm({
        ...base,
        name: 'Maker',
        criterion: 'activities',
        activityType: 'training',
        threshold: '2',
      }),
    ).toMatchObject({ activity_type: 'training', threshold: 2 });
  });

  it('names the field of each problem with the API’s words', () => {
    expect(validateBadgeForm({ ...base, name: ' ' }).errors).toEqual({ name: 'name is required' });
    expect(validateBadgeForm({ ...base, name: 'X', threshold: '' }).errors).toEqual({
      threshold: 'threshold or tiers is required',
    });
    expect(validateBadgeForm({ ...base, name: 'X', threshold: '0' }).errors).toEqual({
      threshold: 'threshold must be at least 1',
    });
    expect(validateBadgeForm({ ...base, name: 'X', threshold: '2.5' }).errors).toEqual({
      threshold: 'threshold must be a whole number',
    });
    const tiers = { ...base, name: 'X', targetMode: 'tiers' as const, bronze: '3', silver: '2', gold: '9' };
    expect(validateBadgeForm(tiers).errors).toEqual({
      gold: 'tiers must be ascending: bronze < silver < gold',
    });
    expect(validateBadgeForm({ ...tiers, silver: '' }).errors).toEqual({
      silver: 'tiers.silver must be a whole number',
    });
    expect(
      validateBadgeForm({ ...base, name: 'First', criterion: 'first_share', threshold: '' }).errors,
    ).toBeNull();
  });

  it('tells whether a save changes what the badge awards', () => {
    const badge = {
      criterion: 'shares',
      period: null,
      activity_type: null,
      threshold: 3,
      tiers: null,
    } as unknown as AdminBadge;
    const same = requestFromForm({ ...formFromBadge({ ...badge, name: 'Renamed' } as AdminBadge) });
    expect(isRuleChanged(badge, same)).toBe(false);
    expect(isRuleChanged(badge, { ...same, threshold: 4 })).toBe(true);
  });
});
