import type { GateClient, GateUser } from '@rally/shared';
import { describe, expect, it } from 'vitest';
import { canRoam, resolveGateRedirect } from './gate';

const client: GateClient = { contract_id: 'k2', config: { paused: false, pause_override: [] } };
const member: GateUser = {
  role: 'USER',
  onboarded_at: '2026-01-01',
  contract_id: 'k2',
  applications: [],
  membership: [],
};
const at = (pathname: string, search = '') => ({ pathname, search });

describe('resolveGateRedirect', () => {
  it('sends logged-out visitors of protected routes to login with the return path', () => {
    expect(resolveGateRedirect(null, client, at('/projects', '?scroll=10'))).toBe(
      `/login?to=${encodeURIComponent('/projects?scroll=10')}`,
    );
    expect(resolveGateRedirect(null, client, at('/help'))).toBeNull();
  });

  it('lets the emailed verify link through without a session, but not /verify alone', () => {
    expect(resolveGateRedirect(null, client, at('/verify', '?token=abc'))).toBeNull();
    expect(resolveGateRedirect(null, client, at('/verify'))).toBe(
      `/login?to=${encodeURIComponent('/verify')}`,
    );
    const fresh = { ...member, onboarded_at: null, contract_id: null };
    expect(resolveGateRedirect(fresh, client, at('/verify', '?token=abc'))).toBeNull();
  });

  it('sends a signed-in user on /login to the safe return path', () => {
    expect(resolveGateRedirect(member, client, at('/login', '?to=%2Fprojects'))).toBe('/projects');
    expect(resolveGateRedirect(member, client, at('/login', '?to=%2F%2Fevil.test'))).toBe('/');
    expect(resolveGateRedirect(member, client, at('/login'))).toBe('/');
  });

  it('applies the onboarding gate', () => {
    const notOnboarded = { ...member, onboarded_at: null };
    expect(resolveGateRedirect(notOnboarded, client, at('/'))).toBe('/onboarding?forced=true');
    expect(resolveGateRedirect(notOnboarded, client, at('/onboarding', '?forced=true'))).toBeNull();
  });

  it('knows who may roam', () => {
    expect(canRoam(member, client)).toBe(true);
    expect(canRoam({ ...member, role: 'APPLICANT', applications: [{ id: 'a1' }] }, client)).toBe(false);
    expect(canRoam(member, { ...client, config: { paused: true, pause_override: [] } })).toBe(false);
  });
});
