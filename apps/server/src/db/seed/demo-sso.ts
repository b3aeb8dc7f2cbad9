import { and, eq } from 'drizzle-orm';
import { DEV_IDP_CLIENT_ID, DEV_IDP_PATH } from '../../modules/dev/dev-idp.routes.ts';
import type { Db } from '../client.ts';
import { ssoConnections, teams } from '../schema/index.ts';
import { clientByName, userId } from './demo-helpers.ts';

/**
 * Demo's single sign-on (issue 24): optional, through the demo identity provider this server runs at /dev/idp, whose
 * `sales` group puts people in the Sales team. The issuer's origin is set at each start (pointDemoSsoAt), since the
 * seed does not know the port the demo will run on.
 */
export async function seedDemoSso(db: Db): Promise<void> {
  const demo = await clientByName(db, 'Demo');
  const [sales] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.clientId, demo.id), eq(teams.name, 'Sales')));
  await db.insert(ssoConnections).values({
    clientId: demo.id,
    displayName: 'Demo ID',
    issuer: `http://localhost${DEV_IDP_PATH}`,
    oidcClientId: DEV_IDP_CLIENT_ID,
    clientSecret: null,
    scopes: 'openid email profile groups',
    // A work email of demo.test finds this sign-in from the app's own address (/sso on a host without one).
    emailDomains: ['demo.test'],
    groupRules: [{ group: 'sales', team_id: sales!.id, role: null }],
    breakGlassUserId: await userId(db, demo.id, 'admin@demo.test'),
  });
}
