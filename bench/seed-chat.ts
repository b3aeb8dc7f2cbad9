// Prepares a data directory for the chat benchmark (B9): the demo people plus a team of 1,001 members (its channel
// follows the team: one writes, 1,000 listen), a session token for each of them written straight to the database
// (logging them in would measure password hashing), and 5,000 messages of history in the channel.
// Usage: tsx bench/seed-chat.ts <dataDir> <tokensFile>  → prints {"clientId","conversationId","cursor"} as JSON and
// writes the tokens (the first one is the writer's) to <tokensFile>.
import { writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { clients } from '../apps/server/src/db/schema/index.ts';
import { seedDemo } from '../apps/server/src/db/seed/demo.ts';
import { hashToken, newToken } from '../apps/server/src/lib/secrets.ts';

const MEMBERS = 1_001;
const HISTORY = 5_000;
const [dataDir, tokensFile] = process.argv.slice(2);
if (!dataDir || !tokensFile) throw new Error('usage: seed-chat.ts <dataDir> <tokensFile>');
const database = await openDatabase({ dataDir });
await runMigrations(database);
await seedDemo(database.db);
const [client] = await database.db.select().from(clients).where(eq(clients.name, 'Demo'));
const clientId = client!.id;
const q = (text: string, params: unknown[] = []) => database.rawQuery(text, params);

const { rows: team } = await q(
  `insert into teams (id, client_id, name) values (uuidv7(), $1, 'Bench crowd') returning id`,
  [clientId],
);
const teamId = team[0]!.id as string;
await q(
  `insert into users (id, client_id, email, first_name, last_name, onboarded_at, email_verified_at, contract_id)
   select uuidv7(), $1, 'crowd' || n || '@bench.test', 'Crowd', n::text, now(), now(), $2
   from generate_series(1, $3) n`,
  [clientId, client!.contractId, MEMBERS],
);
await q(
  `insert into team_members (client_id, team_id, user_id)
   select $1, $2, id from users where client_id = $1 and email like 'crowd%@bench.test'`,
  [clientId, teamId],
);
const { rows: channel } = await q(`select id from chat_conversations where team_id = $1`, [teamId]);
const conversationId = channel[0]!.id as string;
const { rows: people } = await q(
  `select id from users where client_id = $1 and email like 'crowd%@bench.test' order by email`,
  [clientId],
);
const tokens = people.map(() => newToken());
for (let i = 0; i < people.length; i += 200) {
  const slice = people.slice(i, i + 200);
  const values = slice
    .map((_, j) => `(uuidv7(), $1, $${2 + j * 2}, $${3 + j * 2}, now() + interval '30 days')`)
    .join(', ');
  await q(`insert into sessions (id, client_id, user_id, token_hash, expires_at) values ${values}`, [
    clientId,
    ...slice.flatMap((p, j) => [p.id, hashToken(tokens[i + j]!)]),
  ]);
}
// History: UUIDv7 ids shifted into the past keep id order = time order, as real messages have.
await q(
  `insert into chat_messages (id, client_id, conversation_id, author_id, body, created_at)
   select uuidv7(-(n * interval '1 minute')), $1, $2, a.ids[1 + n % 50],
     'History message number ' || n || ' about the #launch and some words to make it realistic.',
     now() - n * interval '1 minute'
   from generate_series(1, $3) n,
     (select array_agg(id order by email) ids from users where email like 'crowd%@bench.test') a`,
  [clientId, conversationId, HISTORY],
);
await q(
  `update chat_conversations c set last_message_id = m.id, activity_id = m.id
   from (select id from chat_messages where conversation_id = $1 order by id desc limit 1) m where c.id = $1`,
  [conversationId],
);
const { rows } = await q(
  `select id from chat_messages where conversation_id = $1 and parent_id is null order by id desc offset $2 limit 1`,
  [conversationId, HISTORY / 2],
);
await q('vacuum analyze');
await database.close();
writeFileSync(tokensFile, JSON.stringify(tokens));
console.log(JSON.stringify({ clientId, conversationId, cursor: rows[0]!.id }));
