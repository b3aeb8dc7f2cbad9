import type { SaveSsoRequest, SsoGroupRule } from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { badRequest } from '../../../lib/errors.ts';
import { insertAudit } from '../../audit/audit.repository.ts';
import { countClientTeams } from '../../users/admin-users.repository.ts';
import {
  deleteSsoConnection,
  getSsoConnection,
  isActiveAdmin,
  type SsoConnectionRow,
  type SsoConnectionValues,
  saveSsoConnection,
} from '../sso.repository.ts';
import { fetchIdpMetadata, parseIdpMetadata, type SamlIdpSettings, SamlMetadataError } from '../sso.saml.ts';

type Saved = Required<
  Omit<
    SaveSsoRequest,
    'client_secret' | 'group_rules' | 'issuer' | 'client_id' | 'saml_metadata_xml' | 'saml_metadata_url'
  >
> & {
  issuer?: string;
  client_id?: string;
  client_secret?: string | null;
  saml_metadata_xml?: string;
  saml_metadata_url?: string;
  group_rules: SsoGroupRule[];
};

/**
 * The protocol's own columns: OpenID Connect's issuer, client and sealed secret, or the SAML provider read from the
 * metadata given (its XML, or fetched from its URL), else the one saved before.
 */
async function protocolValues(
  ctx: Pick<AppContext, 'secrets'>,
  body: Saved,
  current: SsoConnectionRow | undefined,
): Promise<
  Pick<
    SsoConnectionValues,
    | 'protocol'
    | 'issuer'
    | 'oidcClientId'
    | 'clientSecret'
    | 'samlSsoUrl'
    | 'samlIdpCerts'
    | 'samlMetadataUrl'
  >
> {
  if (body.protocol === 'oidc') {
    const kept = current?.protocol === 'oidc' ? current.clientSecret : null;
    return {
      protocol: 'oidc',
      issuer: body.issuer!.replace(/\/$/, ''),
      oidcClientId: body.client_id!,
      clientSecret:
        body.client_secret === undefined
          ? kept
          : body.client_secret === null
            ? null
            : ctx.secrets.seal(body.client_secret),
      samlSsoUrl: null,
      samlIdpCerts: [],
      samlMetadataUrl: null,
    };
  }
  let idp: SamlIdpSettings;
  let metadataUrl: string | null = null;
  try {
    if (body.saml_metadata_xml) idp = await parseIdpMetadata(body.saml_metadata_xml);
    else if (body.saml_metadata_url) {
      metadataUrl = body.saml_metadata_url;
      idp = await fetchIdpMetadata(metadataUrl);
    } else if (current?.protocol === 'saml' && current.samlSsoUrl) {
      idp = { entityId: current.issuer, ssoUrl: current.samlSsoUrl, certs: current.samlIdpCerts };
      metadataUrl = current.samlMetadataUrl;
    } else throw badRequest("Give the identity provider's metadata: its XML or its URL");
  } catch (error) {
    if (error instanceof SamlMetadataError) throw badRequest(error.message);
    throw error;
  }
  return {
    protocol: 'saml',
    issuer: idp.entityId,
    oidcClientId: null,
    clientSecret: null,
    samlSsoUrl: idp.ssoUrl,
    samlIdpCerts: idp.certs,
    samlMetadataUrl: metadataUrl,
  };
}

/**
 * Creates or replaces the client's single sign-on (PUT /api/admin/sso). The client secret is sealed; omitted, the
 * stored one stays (a new connection needs none only as a public client). Group rules must name the client's own
 * teams, the break-glass admin must be one of its active admins, and SSO cannot be required without one (nobody
 * could sign in with a password while the provider is down). Answers 400 naming what is wrong, saving nothing.
 */
export async function saveSso(
  ctx: Pick<AppContext, 'db' | 'secrets'>,
  actor: { clientId: string; id: string },
  body: Saved,
) {
  const { clientId } = actor;
  const teamIds = [...new Set(body.group_rules.flatMap((rule) => (rule.team_id ? [rule.team_id] : [])))];
  if (teamIds.length > 0 && (await countClientTeams(ctx.db, { clientId, teamIds })) !== teamIds.length)
    throw badRequest('group_rules: every team_id must be a team of this app');
  if (
    body.break_glass_user_id &&
    !(await isActiveAdmin(ctx.db, { clientId, userId: body.break_glass_user_id }))
  )
    throw badRequest('break_glass_user_id must be an active admin of this app');
  if (body.mode === 'required' && body.enabled && !body.break_glass_user_id)
    throw badRequest('Choose a break-glass admin who keeps a password before requiring single sign-on');
  const current = await getSsoConnection(ctx.db, { clientId });
  const protocol = await protocolValues(ctx, body, current);
  return withTransaction(ctx.db, async (tx) => {
    const row = await saveSsoConnection(tx, {
      clientId,
      values: {
        ...protocol,
        enabled: body.enabled,
        mode: body.mode,
        displayName: body.display_name,
        scopes: body.scopes.split(/\s+/).filter(Boolean).join(' '),
        allowSignUp: body.allow_sign_up,
        emailDomains: [...new Set(body.email_domains)],
        claims: body.claims,
        groupRules: body.group_rules,
        breakGlassUserId: body.break_glass_user_id,
      },
    });
    await insertAudit(tx, {
      clientId,
      entry: {
        userId: actor.id,
        action: current ? 'sso.updated' : 'sso.created',
        target: null,
        // Never the secret: whether it changed.
        data: {
          protocol: row.protocol,
          issuer: row.issuer,
          mode: row.mode,
          enabled: row.enabled,
          secret_changed: body.protocol === 'oidc' && body.client_secret !== undefined,
        },
      },
    });
    return row;
  });
}

/** Removes the client's single sign-on (DELETE /api/admin/sso); members sign in with passwords again. */
export async function removeSso(
  ctx: Pick<AppContext, 'db'>,
  actor: { clientId: string; id: string },
): Promise<boolean> {
  return withTransaction(ctx.db, async (tx) => {
    const removed = await deleteSsoConnection(tx, { clientId: actor.clientId });
    if (removed)
      await insertAudit(tx, {
        clientId: actor.clientId,
        entry: { userId: actor.id, action: 'sso.removed', target: null },
      });
    return removed;
  });
}
