import { ADMIN_TABS, type NavContext } from '@rally/shared';
import { describe, expect, it } from 'vitest';
import { getItemAccess } from './access';

const tab = (path: string) => ADMIN_TABS.find((item) => item.path === path);
const ctx = (
  role: 'USER' | 'ANALYST' | 'ADMIN',
  teamTags: string[] = [],
  features: string[] = [],
): NavContext => ({
  user: { role, team_tags: teamTags, email: 'x@y.test' },
  features,
  hasTeams: true,
  communityVariant: 'full',
});

describe('getItemAccess', () => {
  it('forbids the admin area to a USER', () => {
    expect(getItemAccess(tab('/admin'), ctx('USER'))).toBe('forbidden');
  });

  it('forbids Applicants to an ANALYST with team tags, not to one without', () => {
    expect(getItemAccess(tab('/admin/applicants'), ctx('ANALYST', ['t1']))).toBe('forbidden');
    expect(getItemAccess(tab('/admin/applicants'), ctx('ANALYST'))).toBe('allowed');
  });

  it('forbids ADMIN-only pages to an ANALYST', () => {
    expect(getItemAccess(tab('/admin/general'), ctx('ANALYST'))).toBe('forbidden');
  });

  it('calls a page unavailable when only the feature is missing', () => {
    expect(getItemAccess(tab('/admin/chat'), ctx('ADMIN'))).toBe('unavailable');
    expect(getItemAccess(tab('/admin/chat'), ctx('ADMIN', [], ['chat']))).toBe('allowed');
  });

  it('allows routes without a navigation item', () => {
    expect(getItemAccess(undefined, ctx('USER'))).toBe('allowed');
  });
});
