import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { providerConfiguration } from '../modules/dev/dev-idp.routes.ts';

/** A person the stand-in provider knows: their subject and the claims it answers for them. */
export interface IdpPerson {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  groups?: string[];
}

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds or replaces a person the provider signs in (by login_hint: their sub). */
  person(p: IdpPerson): void;
  /** The person signed in when a request names none (a browser pressing "Sign in with …"). */
  signInAs(sub: string): void;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider) on loopback, for tests of the app's single sign-on: one confidential
 * client with PKCE required; its interaction signs in, without a form, the person named by the request's login_hint
 * (else the one chosen with signInAs) and grants what the client asked. ID tokens carry the scope claims (email, names, groups).
 */
export async function startTestIdp(redirectUris: string[]): Promise<TestIdp> {
  const people = new Map<string, IdpPerson>();
  let current = '';
  const clientId = 'rally-test';
  const clientSecret = 'rally-test-secret-0123456789abcdef';
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const configuration = providerConfiguration({
    client: {
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: redirectUris,
      token_endpoint_auth_method: 'client_secret_post',
    },
    interactionsPath: '/interaction',
    async findAccount(_ctx, sub) {
      const person = people.get(sub);
      if (!person) return undefined;
      return { accountId: sub, claims: async () => ({ ...person }) };
    },
  });
  const provider = new Provider(issuer, configuration);
  const handle = provider.callback();
  server.on('request', async (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.startsWith('/interaction/')) return void handle(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      const accountId = String(details.params.login_hint ?? current);
      if (details.prompt.name === 'login') {
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const grant = new provider.Grant({ accountId: details.session!.accountId, clientId });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });
  return {
    issuer,
    clientId,
    clientSecret,
    person: (p) => people.set(p.sub, p),
    signInAs: (sub) => {
      current = sub;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Follows the provider's redirects as a browser would (keeping its cookies) from its authorization address until
 * it sends the browser back to the app; answers that address (the app's callback with code and state).
 */
export async function followToApp(authorizeUrl: string, appOrigin: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = authorizeUrl;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      cookies.set(name!.trim(), value.join('='));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider answered ${res.status} at ${url}: ${await res.text()}`);
    const next = new URL(location, url);
    if (next.origin === appOrigin) return next;
    url = next.href;
  }
  throw new Error('the provider never sent the browser back to the app');
}
