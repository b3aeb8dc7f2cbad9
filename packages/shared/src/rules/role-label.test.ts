import { describe, expect, it } from 'vitest';
import { getRoleLabelKey } from './role-label.ts';

describe('getRoleLabelKey', () => {
  it('maps roles and team tags to label keys', () => {
    expect(getRoleLabelKey({ role: 'USER', team_tags: [] })).toBe('roles.user');
    expect(getRoleLabelKey({ role: 'ANALYST', team_tags: [] })).toBe('roles.lead');
    expect(getRoleLabelKey({ role: 'ANALYST', team_tags: ['t'] })).toBe('roles.teamLead');
    expect(getRoleLabelKey({ role: 'ADMIN', team_tags: [] })).toBe('roles.admin');
    expect(getRoleLabelKey({ role: 'ADMIN', team_tags: ['t'] })).toBe('roles.teamAdmin');
    expect(getRoleLabelKey({ role: 'APPLICANT', team_tags: [] })).toBe('roles.applicant');
  });
});
