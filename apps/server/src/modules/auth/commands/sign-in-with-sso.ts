import type { SsoError } from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { insertAudit } from '../../audit/audit.repository.ts';
import { setUserAccess, setUserTeams } from '../../users/admin-users.repository.ts';
import { findUserByEmail } from '../../users/users.repository.ts';
import { emitMemberJoined } from '../../webhooks/webhooks.events.ts';
import type { SsoIdentity } from '../sso.identity.ts';
import { mapGroups } from '../sso.policy.ts';
import {
  completeSsoUser,
  findSsoIdentityUser,
  insertSsoUser,
  linkSsoIdentity,
  type SsoConnectionRow,
} from '../sso.repository.ts';

/** A sign-in the app refuses after the provider said yes: /sso says why in words (SSO_ERRORS). */
export class SsoSignInError extends Error {
  constructor(readonly reason: SsoError) {
    super(reason);
  }
}

/**
 * The member a checked provider answer signs in (issue 24): the one its identity was linked to; else the client's
 * account with its email, linked when the provider says the email is verified or it is of a domain the client
 * vouches for; else a new member made just in time when the client allows it. At every sign-in the provider's
 * groups set the teams and the role the client's rules map them to. Refuses (SsoSignInError) without an email, a
 * deactivated account, an unverified email of an existing account, or an unknown person when sign-up is off, and
 * then changes nothing.
 */
export async function signInWithSso(
  ctx: Pick<AppContext, 'db' | 'sessions'>,
  connection: SsoConnectionRow,
  identity: SsoIdentity,
) {
  const { clientId, issuer } = connection;
  const { subject, email, firstName, lastName, groups } = identity;
  const signedIn = await withTransaction(ctx.db, async (tx) => {
    let how: 'identity' | 'linked' | 'created' = 'identity';
    let user = await findSsoIdentityUser(tx, { clientId, issuer, subject });
    if (!user) {
      if (!email) throw new SsoSignInError('no_email');
      const existing = await findUserByEmail(tx, { clientId, email });
      if (existing) {
        const domain = email.split('@').pop()?.toLowerCase() ?? '';
        const isVouched = identity.emailVerified || connection.emailDomains.includes(domain);
        if (!isVouched) throw new SsoSignInError('unverified_email');
        user = existing;
        how = 'linked';
      } else {
        if (!connection.allowSignUp) throw new SsoSignInError('no_account');
        user = await insertSsoUser(tx, { clientId, email, firstName, lastName });
        how = 'created';
      }
    }
    if (!user.isActive) throw new SsoSignInError('deactivated');
    await completeSsoUser(tx, { clientId, userId: user.id, firstName, lastName });
    await linkSsoIdentity(tx, { clientId, issuer, subject, userId: user.id });
    const mapped = mapGroups(connection.groupRules, groups, {
      role: user.role,
      isBreakGlass: user.id === connection.breakGlassUserId,
    });
    if (mapped.scope.length > 0)
      await setUserTeams(tx, { clientId, userId: user.id, teamIds: mapped.teamIds, scope: mapped.scope });
    if (mapped.role !== user.role) await setUserAccess(tx, { clientId, userId: user.id, role: mapped.role });
    // A person the provider vouches for and the app did not know joins now (just in time).
    if (how === 'created') await emitMemberJoined(tx, { clientId, userId: user.id, via: 'sso' });
    await insertAudit(tx, {
      clientId,
      entry: {
        userId: user.id,
        action: 'sso.sign_in',
        target: user.id,
        data: {
          issuer,
          protocol: connection.protocol,
          how,
          ...(mapped.role !== user.role ? { role: mapped.role } : {}),
        },
      },
    });
    return { id: user.id, clientId };
  });
  // The session cache must not keep the role or teams it had.
  await ctx.sessions.invalidateUser(signedIn.id);
  return signedIn;
}
