// The admin Dashboard's answer computed without its cache (what one request pays after the cache's short TTL):
// the module's own reads of the rollups, shares and queues and its presenter, run in-process through the PGlite
// driver one after another for a number of seconds. Compared with raw-dashboard.ts's single GROUP BY.
// Usage: tsx bench/dashboard-compute.ts <dataDir> <clientId> <seconds>  → prints answers per second.
import { openDatabase } from '../apps/server/src/db/client.ts';
import { gatherDashboard } from '../apps/server/src/modules/dashboard/commands/gather-dashboard.ts';
import type { DashboardScope } from '../apps/server/src/modules/dashboard/dashboard.policy.ts';
import { presentDashboard } from '../apps/server/src/modules/dashboard/dashboard.presenter.ts';
import { PEOPLE_VOLUMES } from './volumes.ts';

const [dataDir, clientId, seconds] = process.argv.slice(2);
if (!dataDir || !clientId) throw new Error('usage: dashboard-compute.ts <dataDir> <clientId> <seconds>');
const database = await openDatabase({ dataDir });
const db = database.db;
const scope: DashboardScope = { kind: 'client' };
async function answer() {
  const { ranges, data } = await gatherDashboard(db, {
    clientId,
    scope,
    period: '30d',
    withApplicants: true,
  });
  const body = presentDashboard('30d', ranges, scope, data);
  if (body.members < PEOPLE_VOLUMES.members || body.shares.value === 0)
    throw new Error('expected the seeded figures');
}
await answer(); // warm-up
let n = 0;
const end = performance.now() + Number(seconds) * 1000;
const start = performance.now();
while (performance.now() < end) {
  await answer();
  n++;
}
console.log((n / ((performance.now() - start) / 1000)).toFixed(2));
await database.close();
