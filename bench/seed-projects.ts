// Prepares a data directory for the projects benchmark: the demo data plus a member of the Demo client who can
// see 200 projects with 2,000 activities (10 each), having joined 50 and completed some activities.
// Usage: tsx bench/seed-projects.ts <dataDir>  → prints {"userId","clientId"} as JSON.
import { eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import {
  activities,
  clients,
  participations,
  projectMembers,
  projects,
  users,
} from '../apps/server/src/db/schema/index.ts';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/db/seed/demo.ts';
import { hashPassword } from '../apps/server/src/lib/secrets.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: seed-projects.ts <dataDir>');
const database = await openDatabase({ dataDir });
await runMigrations(database);
await seedDemo(database.db);
const db = database.db;
const [client] = await db.select().from(clients).where(eq(clients.name, 'Demo'));
const clientId = client!.id;
const [user] = await db
  .insert(users)
  .values({
    clientId,
    email: 'bench@demo.test',
    passwordHash: await hashPassword(DEMO_PASSWORD),
    firstName: 'Bench',
    lastName: 'Member',
    emailVerifiedAt: new Date(),
    onboardedAt: new Date(),
    contractId: client!.contractId,
  })
  .returning();
const types = ['social_post', 'general_participation', 'content_submission', 'training'];
for (let batch = 0; batch < 4; batch++) {
  const rows = Array.from({ length: 50 }, (_, i) => ({
    id: uuidv7(),
    clientId,
    name: `Bench project ${batch * 50 + i}`,
    description: 'A project of the benchmark.',
  }));
  await db.insert(projects).values(rows);
  const acts = rows.flatMap((p) =>
    Array.from({ length: 10 }, (_, k) => ({
      id: uuidv7(),
      clientId,
      projectId: p.id,
      type: types[k % 4]!,
      title: `Activity ${k}`,
      points: 10,
    })),
  );
  await db.insert(activities).values(acts);
  if (batch === 0) {
    await db
      .insert(projectMembers)
      .values(rows.map((p) => ({ clientId, projectId: p.id, userId: user!.id })));
    await db.insert(participations).values(
      acts
        .filter((_, i) => i % 3 === 0)
        .map((a) => ({
          clientId,
          activityId: a.id,
          userId: user!.id,
          status: 'completed',
          isComplete: true,
        })),
    );
  }
}
// As a long-running database would be: statistics current and dead rows (from the triggers) reclaimed.
await database.rawQuery('vacuum analyze');
await database.close();
console.log(JSON.stringify({ userId: user!.id, clientId }));
