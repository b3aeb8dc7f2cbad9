import { describe, expect, it } from 'vitest';
import type { Role } from '../constants/domain.ts';
import { canSeeLeadOnly, isAdmin, isAdminRole, isApplicant, isGlobalAdmin, isTeamLead } from './roles.ts';

const user = (role: Role, team_tags: string[] = []) => ({ role, team_tags });

describe('isAdminRole', () => {
  it('accepts ADMIN and ANALYST, with or without tags', () => {
    expect(isAdminRole(user('ADMIN'))).toBe(true);
    expect(isAdminRole(user('ANALYST'))).toBe(true);
    expect(isAdminRole(user('ANALYST', ['north']))).toBe(true);
  });

  it('rejects USER, APPLICANT and no user', () => {
    expect(isAdminRole(user('USER'))).toBe(false);
    expect(isAdminRole(user('APPLICANT'))).toBe(false);
    expect(isAdminRole(null)).toBe(false);
    expect(isAdminRole(undefined)).toBe(false);
  });
});

describe('isAdmin', () => {
  it('is true only for ADMIN', () => {
    expect(isAdmin(user('ADMIN'))).toBe(true);
    expect(isAdmin(user('ADMIN', ['north']))).toBe(true);
    expect(isAdmin(user('ANALYST'))).toBe(false);
    expect(isAdmin(user('USER'))).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });
});

describe('isGlobalAdmin', () => {
  it('needs ADMIN with no team tags', () => {
    expect(isGlobalAdmin(user('ADMIN'))).toBe(true);
    expect(isGlobalAdmin(user('ADMIN', ['north']))).toBe(false);
    expect(isGlobalAdmin(user('ANALYST'))).toBe(false);
    expect(isGlobalAdmin(undefined)).toBe(false);
  });
});

describe('isTeamLead', () => {
  it('needs ANALYST with team tags', () => {
    expect(isTeamLead(user('ANALYST', ['north']))).toBe(true);
    expect(isTeamLead(user('ANALYST'))).toBe(false);
    expect(isTeamLead(user('ADMIN', ['north']))).toBe(false);
    expect(isTeamLead(user('USER', ['north']))).toBe(false);
    expect(isTeamLead(null)).toBe(false);
  });
});

describe('canSeeLeadOnly', () => {
  it('allows ADMIN with or without tags', () => {
    expect(canSeeLeadOnly(user('ADMIN'))).toBe(true);
    expect(canSeeLeadOnly(user('ADMIN', ['north']))).toBe(true);
  });

  it('allows ANALYST only without team tags', () => {
    expect(canSeeLeadOnly(user('ANALYST'))).toBe(true);
    expect(canSeeLeadOnly(user('ANALYST', ['north']))).toBe(false);
  });

  it('rejects other roles and no user', () => {
    expect(canSeeLeadOnly(user('USER'))).toBe(false);
    expect(canSeeLeadOnly(user('APPLICANT'))).toBe(false);
    expect(canSeeLeadOnly(null)).toBe(false);
  });
});

describe('isApplicant', () => {
  it('is true only for APPLICANT', () => {
    expect(isApplicant(user('APPLICANT'))).toBe(true);
    expect(isApplicant(user('USER'))).toBe(false);
    expect(isApplicant(user('ADMIN'))).toBe(false);
    expect(isApplicant(null)).toBe(false);
  });
});
