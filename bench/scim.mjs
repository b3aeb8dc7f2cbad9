// SCIM user creation per second (issue 24): CONNECTIONS identity-provider loops POST /scim/v2/Users (Entra ID's body,
// a new member each time, every answer must be 201) for DURATION seconds, against the same rows inserted raw through
// the driver (bench/raw-scim.ts). Each loop has a SCIM token of its own, so the per-token rate limit stays out of it.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { CONNECTIONS, compare, DURATION, login } from './lib.mjs';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

/** A new SCIM token of the Demo client, made through the admin API. */
async function scimToken(url, adminAuth) {
  const res = await fetch(`${url}/api/admin/scim-tokens`, {
    method: 'POST',
    headers: { ...adminAuth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `bench ${randomUUID().slice(0, 8)}` }),
  });
  if (res.status !== 201) throw new Error(`POST /api/admin/scim-tokens answered ${res.status}`);
  return (await res.json()).token;
}

/** Members created per second by CONNECTIONS loops for DURATION seconds; throws on any answer but 201. */
async function measureCreations(url, adminAuth) {
  const tokens = await Promise.all(Array.from({ length: CONNECTIONS }, () => scimToken(url, adminAuth)));
  const tag = randomUUID().slice(0, 8);
  let created = 0;
  const started = performance.now();
  const until = started + DURATION * 1000;
  await Promise.all(
    tokens.map(async (token, loop) => {
      for (let n = 0; performance.now() < until; n++) {
        const email = `scim-${tag}-${loop}-${n}@bench-corp.test`;
        const res = await fetch(`${url}/scim/v2/Users`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
          body: JSON.stringify({
            schemas: [USER, ENTERPRISE],
            externalId: randomUUID(),
            userName: email,
            active: true,
            emails: [{ primary: true, type: 'work', value: email }],
            name: { formatted: `Bench Member ${n}`, givenName: 'Bench', familyName: `Member ${n}` },
            [ENTERPRISE]: { department: 'Bench' },
          }),
        });
        await res.arrayBuffer();
        if (res.status !== 201) throw new Error(`POST /scim/v2/Users answered ${res.status}`);
        created++;
      }
    }),
  );
  return created / ((performance.now() - started) / 1000);
}

/** The scenario: one Rally server (pushed onto `children`), target and baseline alternating as compare() does. */
export async function benchScim(rally) {
  const adminAuth = await login(rally.url, 'admin@demo.test');
  const creations = [];
  const ratio = await compare(
    'POST /scim/v2/Users vs raw insert',
    async () => {
      const perSecond = await measureCreations(rally.url, adminAuth);
      creations.push(perSecond);
      return perSecond;
    },
    async () =>
      Number(
        execFileSync('node_modules/.bin/tsx', ['bench/raw-scim.ts', String(DURATION)], {
          encoding: 'utf8',
        }).trim(),
      ),
  );
  const mean = creations.reduce((a, x) => a + x, 0) / creations.length;
  console.log(
    `SCIM user creation per second     ${mean.toFixed(0).padStart(7)} creations/s  (ratio ${ratio.toFixed(2)} of raw insert)`,
  );
  return ratio;
}
