// Prepares a data directory for the feed benchmark: the demo people plus 100,000 published posts of the Demo
// client by 20 members over the last 70 days (generated in SQL), a third of them liked by the bench member.
// Usage: tsx bench/seed-feed.ts <dataDir>  → prints {"userId","clientId","cursor"} as JSON, where cursor is the
// id of the post halfway down the feed (a page deep in it).
import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { clients, users } from '../apps/server/src/db/schema/index.ts';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/db/seed/demo.ts';
import { hashPassword } from '../apps/server/src/lib/secrets.ts';

const POSTS = 100_000;
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: seed-feed.ts <dataDir>');
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
const q = (text: string, params: unknown[] = []) => database.rawQuery(text, params);
await q(
  `insert into users (id, client_id, email, first_name, last_name, onboarded_at)
   select uuidv7(), $1, 'author' || n || '@bench.test', 'Author', n::text, now() from generate_series(1, 20) n`,
  [clientId],
);
// UUIDv7 ids shifted into the past keep id order = time order, as real posts have.
await q(
  `insert into posts (id, client_id, author_id, body, created_at)
   select uuidv7(-(n * interval '1 minute')), $1, a.ids[1 + n % 20],
     'Benchmark post number ' || n || ' with a #hashtag and some words to make it realistic.',
     now() - n * interval '1 minute'
   from generate_series(1, $2) n,
     (select array_agg(id order by email) ids from users where email like 'author%@bench.test') a`,
  [clientId, POSTS],
);
await q(
  `with liked as (
     insert into reactions (client_id, post_id, user_id, kind)
     select $1, id, $2, 'like' from posts where client_id = $1 and right(id::text, 1) in ('0', '3', '6', '9', 'c')
     returning post_id)
   update posts p set reaction_count = 1 from liked where p.id = liked.post_id`,
  [clientId, user!.id],
);
const { rows } = await q(
  `select id from posts where client_id = $1 and status = 'published' order by id desc offset $2 limit 1`,
  [clientId, POSTS / 2],
);
// As a long-running database would be: statistics current and dead rows reclaimed.
await q('vacuum analyze');
await database.close();
console.log(JSON.stringify({ userId: user!.id, clientId, cursor: rows[0]!.id }));
