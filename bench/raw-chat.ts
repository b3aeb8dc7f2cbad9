// Baseline of the chat history benchmark (B9): the same twenty messages as GET /api/chat/conversations/{id}/messages
// ?limit=20&cursor=<id> fetched by the simplest raw query (keyset on the chat_messages_conversation index) through
// the PGlite driver, one after another, for a number of seconds.
// Usage: tsx bench/raw-chat.ts <dataDir> <conversationId> <cursor> <seconds>  → prints queries per second.
import { openDatabase } from '../apps/server/src/db/client.ts';

const [dataDir, conversationId, cursor, seconds] = process.argv.slice(2);
const database = await openDatabase({ dataDir });
const sql = `select * from chat_messages where conversation_id = $1 and parent_id is null and id < $2
  order by id desc limit 20`;
const params = [conversationId, cursor];
for (let i = 0; i < 20; i++) await database.rawQuery(sql, params); // warm-up
let n = 0;
const end = performance.now() + Number(seconds) * 1000;
const start = performance.now();
while (performance.now() < end) {
  const { rows } = await database.rawQuery(sql, params);
  if (rows.length !== 20) throw new Error(`expected 20 messages, got ${rows.length}`);
  n++;
}
console.log((n / ((performance.now() - start) / 1000)).toFixed(1));
await database.close();
