import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import * as oidc from 'openid-client';

/**
 * The OpenID Connect relying party (issue 24), with openid-client: discovery of the client's provider, the
 * authorization request with state, nonce and PKCE (S256), and the code exchange that checks the answer's state,
 * the ID token's signature, issuer, audience, expiry and nonce.
 */

export interface ProviderSettings {
  issuer: string;
  clientId: string;
  /** Null for a public client (PKCE only). */
  clientSecret: string | null;
  /** Changes with every save of the settings (their update time), so a changed secret is never served from cache. */
  version: string;
}

/** How long a provider's discovered configuration is reused before it is fetched again. */
const DISCOVERY_TTL_MS = 10 * 60_000;
/** Providers kept discovered at once (one per client at most). */
const DISCOVERY_MAX = 500;
const TIMEOUT_SECONDS = 10;

const discovered = new LRUCache<string, Promise<oidc.Configuration>>({
  max: DISCOVERY_MAX,
  ttl: DISCOVERY_TTL_MS,
});

const keyOf = (p: ProviderSettings) =>
  createHash('sha256')
    .update(`${p.issuer}\n${p.clientId}\n${p.clientSecret ?? ''}`)
    .digest('base64url');

/** A provider on this machine speaks plain http (a local test or demo provider): the schema allows only those. */
const isLocal = (issuer: string) => new URL(issuer).protocol === 'http:';

/** The provider's configuration, discovered from `{issuer}/.well-known/openid-configuration` (cached briefly). */
export function discover(p: ProviderSettings): Promise<oidc.Configuration> {
  const key = keyOf(p);
  let found = discovered.get(key);
  if (!found) {
    found = oidc.discovery(
      new URL(p.issuer),
      p.clientId,
      p.clientSecret ?? undefined,
      p.clientSecret ? undefined : oidc.None(),
      { execute: isLocal(p.issuer) ? [oidc.allowInsecureRequests] : [], timeout: TIMEOUT_SECONDS },
    );
    // A failed discovery is not kept: the next sign-in tries again.
    found.catch(() => discovered.delete(key));
    discovered.set(key, found);
  }
  return found;
}

/** A new sign-in: what the callback checks, and the provider's address to send the browser to. */
export async function startAuthorization(
  p: ProviderSettings,
  input: { redirectUri: string; scope: string; loginHint?: string },
): Promise<{ url: URL; state: string; nonce: string; codeVerifier: string }> {
  const config = await discover(p);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: input.redirectUri,
    scope: input.scope,
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...(input.loginHint ? { login_hint: input.loginHint } : {}),
  });
  return { url, state, nonce, codeVerifier };
}

/** The provider's answer, checked and exchanged: the ID token's claims, with the user info's added when given. */
export async function finishAuthorization(
  p: ProviderSettings,
  input: { callbackUrl: URL; state: string; nonce: string; codeVerifier: string },
): Promise<Record<string, unknown>> {
  const config = await discover(p);
  const tokens = await oidc.authorizationCodeGrant(config, input.callbackUrl, {
    pkceCodeVerifier: input.codeVerifier,
    expectedState: input.state,
    expectedNonce: input.nonce,
    idTokenExpected: true,
  });
  const claims: Record<string, unknown> = { ...tokens.claims() };
  // Some providers (Entra ID without the optional claims) put the email only in the user info.
  if (typeof claims.email !== 'string' && config.serverMetadata().userinfo_endpoint) {
    const info = await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub));
    for (const [name, value] of Object.entries(info)) claims[name] ??= value;
  }
  return claims;
}
