import { describe, expect, it } from 'vitest';
import {
  type GateClient,
  type GateUser,
  getGateRedirect,
  isAuthExemptPath,
  isOnboardingExemptPath,
  isPausedFor,
} from './gates.ts';

const makeUser = (overrides: Partial<GateUser> = {}): GateUser => ({
  role: 'USER',
  onboarded_at: '2024-01-01T00:00:00Z',
  contract_id: 'c2',
  applications: [],
  membership: [],
  ...overrides,
});

const makeClient = (
  overrides: Partial<GateClient> = {},
  config: Partial<GateClient['config']> = {},
): GateClient => ({
  contract_id: 'c2',
  ...overrides,
  config: { paused: false, pause_override: [], ...config },
});

const redirect = (user: GateUser | null, pathname: string, client = makeClient(), search?: string) =>
  getGateRedirect({ user, client, pathname, search });

describe('isAuthExemptPath', () => {
  it.each([
    '/login',
    '/help',
    '/help/faq',
    '/create',
    '/reset',
    '/integrations/teams',
    '/sso',
    '/sso/callback',
    '/apply/abc',
    '/applicants/123',
    '/status/not-active',
    '/status/check-email',
  ])('exempts %s', (path) => {
    expect(isAuthExemptPath(path)).toBe(true);
  });

  it.each([
    '/',
    '/projects',
    '/loginx',
    '/helpdesk',
    '/apply',
    '/applicants',
    '/integrations',
    '/status/paused',
    '/admin',
  ])('protects %s', (path) => {
    expect(isAuthExemptPath(path)).toBe(false);
  });
});

describe('isOnboardingExemptPath', () => {
  it('exempts the onboarding routes and their sub-paths', () => {
    for (const path of [
      '/overview',
      '/contract',
      '/onboarding',
      '/integrations/teams',
      '/onboarding/step-2',
    ]) {
      expect(isOnboardingExemptPath(path)).toBe(true);
    }
  });

  it('gates everything else', () => {
    for (const path of ['/', '/contracts', '/overviews', '/help', '/profile']) {
      expect(isOnboardingExemptPath(path)).toBe(false);
    }
  });
});

describe('isPausedFor', () => {
  it('is false when the client is not paused', () => {
    expect(isPausedFor(makeUser(), makeClient())).toBe(false);
  });

  it('blocks users with no team in pause_override', () => {
    const client = makeClient({}, { paused: true, pause_override: ['t1'] });
    expect(isPausedFor(makeUser(), client)).toBe(true);
    expect(isPausedFor(makeUser({ membership: [{ team_id: 't2' }] }), client)).toBe(true);
  });

  it('lets members of an override team through', () => {
    const client = makeClient({}, { paused: true, pause_override: ['t1'] });
    expect(isPausedFor(makeUser({ membership: [{ team_id: 't2' }, { team_id: 't1' }] }), client)).toBe(false);
  });

  it('keeps admins in so that they can lift the pause, but not team leads', () => {
    const client = makeClient({}, { paused: true, pause_override: [] });
    expect(isPausedFor(makeUser({ role: 'ADMIN' }), client)).toBe(false);
    expect(isPausedFor(makeUser({ role: 'ANALYST' }), client)).toBe(true);
  });
});

describe('getGateRedirect', () => {
  describe('logged out', () => {
    it('sends protected routes to login with the return path', () => {
      expect(redirect(null, '/')).toBe('/login?to=%2F');
      expect(redirect(null, '/projects/12', makeClient(), '?tab=2&x=y')).toBe(
        '/login?to=%2Fprojects%2F12%3Ftab%3D2%26x%3Dy',
      );
      expect(redirect(null, '/chat', makeClient(), 'thread=1')).toBe('/login?to=%2Fchat%3Fthread%3D1');
    });

    it('stays on exempt routes, including /login itself', () => {
      expect(redirect(null, '/login')).toBeNull();
      expect(redirect(null, '/help')).toBeNull();
      expect(redirect(null, '/apply/abc')).toBeNull();
      expect(redirect(null, '/status/check-email')).toBeNull();
    });

    it('is not affected by a paused client', () => {
      expect(redirect(null, '/login', makeClient({}, { paused: true }))).toBeNull();
    });
  });

  describe('applicant', () => {
    const applicant = makeUser({ role: 'APPLICANT', applications: [{ id: 'a1' }, { id: 'a2' }] });

    it('is sent to its first application page', () => {
      expect(redirect(applicant, '/')).toBe('/applicants/a1');
      expect(redirect(applicant, '/applicants/a2')).toBe('/applicants/a1');
      expect(redirect(applicant, '/applicants/a1/edit')).toBe('/applicants/a1');
      expect(redirect(applicant, '/onboarding')).toBe('/applicants/a1');
    });

    it('stays on its own page and on /help', () => {
      expect(redirect(applicant, '/applicants/a1')).toBeNull();
      expect(redirect(applicant, '/help')).toBeNull();
    });

    it('skips the onboarding and pause gates', () => {
      const notOnboarded = { ...applicant, onboarded_at: null, contract_id: null };
      expect(redirect(notOnboarded, '/applicants/a1', makeClient({}, { paused: true }))).toBeNull();
    });

    it('without an application goes to /status/not-active', () => {
      const orphan = makeUser({ role: 'APPLICANT' });
      expect(redirect(orphan, '/')).toBe('/status/not-active');
      expect(redirect(orphan, '/status/not-active')).toBeNull();
      expect(redirect(orphan, '/help')).toBeNull();
    });
  });

  describe('paused client', () => {
    const paused = makeClient({}, { paused: true, pause_override: ['t1'] });

    it('sends blocked users to /status/paused', () => {
      expect(redirect(makeUser(), '/', paused)).toBe('/status/paused');
      expect(redirect(makeUser({ role: 'ANALYST' }), '/admin', paused)).toBe('/status/paused');
      expect(redirect(makeUser({ role: 'ADMIN' }), '/admin', paused)).toBeNull();
    });

    it('lets blocked users stay on /status/paused and /help', () => {
      expect(redirect(makeUser(), '/status/paused', paused)).toBeNull();
      expect(redirect(makeUser(), '/help', paused)).toBeNull();
    });

    it('lets override team members through', () => {
      expect(redirect(makeUser({ membership: [{ team_id: 't1' }] }), '/', paused)).toBeNull();
    });
  });

  describe('onboarding gate', () => {
    it('sends a not onboarded user with another contract to /overview', () => {
      expect(redirect(makeUser({ onboarded_at: null, contract_id: 'c1' }), '/')).toBe('/overview');
      expect(redirect(makeUser({ onboarded_at: null, contract_id: null }), '/')).toBe('/overview');
    });

    it('sends an onboarded user with another contract to /contract (forced)', () => {
      expect(redirect(makeUser({ contract_id: 'c1' }), '/projects')).toBe('/contract?forced=true');
    });

    it('sends a not onboarded user with the current contract to /onboarding (forced)', () => {
      expect(redirect(makeUser({ onboarded_at: null }), '/')).toBe('/onboarding?forced=true');
    });

    it('treats a client without a contract as matching', () => {
      const client = makeClient({ contract_id: null });
      expect(redirect(makeUser({ contract_id: 'c1' }), '/', client)).toBeNull();
      expect(redirect(makeUser({ onboarded_at: null, contract_id: 'c1' }), '/', client)).toBe(
        '/onboarding?forced=true',
      );
    });

    it('does not apply on its exempt routes', () => {
      const user = makeUser({ onboarded_at: null, contract_id: 'c1' });
      for (const path of ['/overview', '/contract', '/onboarding', '/integrations/teams']) {
        expect(redirect(user, path)).toBeNull();
      }
    });

    it('applies to every role but APPLICANT', () => {
      expect(redirect(makeUser({ role: 'ADMIN', contract_id: 'c1' }), '/admin')).toBe(
        '/contract?forced=true',
      );
      expect(redirect(makeUser({ role: 'ANALYST', onboarded_at: null }), '/')).toBe(
        '/onboarding?forced=true',
      );
    });

    it('lets an onboarded user with the current contract stay', () => {
      expect(redirect(makeUser(), '/')).toBeNull();
      expect(redirect(makeUser(), '/profile')).toBeNull();
      expect(redirect(makeUser(), '/help')).toBeNull();
    });
  });

  describe('signed-in user on logged-out pages', () => {
    it.each(['/login', '/create', '/reset'])('sends %s home', (path) => {
      expect(redirect(makeUser(), path)).toBe('/');
    });

    it('runs the onboarding gate first', () => {
      expect(redirect(makeUser({ onboarded_at: null }), '/login')).toBe('/onboarding?forced=true');
    });
  });
});

describe('getGateRedirect for guests (ghost users, SPEC 6)', () => {
  const ghost = makeUser({ is_ghost: true, onboarded_at: null, contract_id: null });

  it('skips onboarding and the contract, and lets them open /login and /create', () => {
    for (const path of ['/', '/projects', '/community/feed', '/login', '/create']) {
      expect(redirect(ghost, path)).toBeNull();
    }
  });

  it('still sends them to the paused page while the client is paused', () => {
    expect(redirect(ghost, '/projects', makeClient({}, { paused: true }))).toBe('/status/paused');
  });
});
