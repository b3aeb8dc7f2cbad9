import { allow, type Decision, deny } from '../../lib/authorize.ts';

/** What an admin may do with one of the client's domains (pure functions; the routes already require ADMIN). */

/** The facts a domain decision needs. */
export interface DomainFacts {
  isVerified: boolean;
  isPrimary: boolean;
  /** The request being served came on this host. */
  isRequestHost: boolean;
  /** The client's verified domains, this one included. */
  verifiedCount: number;
}

/** Only a verified domain can carry the client's links. */
export const makePrimaryDomain = (d: DomainFacts): Decision => {
  if (!d.isVerified) return deny('Verify this domain before making it the primary one', 'domain_unverified');
  return allow;
};

/**
 * Removing a domain must not lock the admins out: not the host they are using right now (the app would stop
 * answering as this client there mid-session), and not the last verified one (the client would have no address
 * for its links: invitations and password resets could not be sent).
 */
export const removeDomain = (d: DomainFacts): Decision => {
  if (d.isRequestHost) {
    return deny(
      'You are using the app on this domain: open it on another of its domains to remove this one',
      'domain_in_use',
    );
  }
  if (d.isVerified && d.verifiedCount <= 1) {
    return deny(
      "This is the app's only verified domain: add and verify another one before removing it",
      'domain_last',
    );
  }
  return allow;
};
