import './runtime-check.ts';
import { buildApp } from './app.ts';
import { createContext } from './boot.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
const { ctx, seeded, close } = await createContext(config);
const app = await buildApp(ctx);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  // PGlite does not fsync on its own; closing it cleanly keeps the data directory valid.
  await close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const base = `http://localhost:${config.port}`;
const lines = [
  '',
  `Rally ${ctx.version} is running (${ctx.database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}).`,
  `  App:        ${base}   (client "Demo")`,
  `  Second app: http://127.0.0.1:${config.port}   (white-labelled client "Acme")`,
  `  API docs:   ${base}/api/docs`,
];
if (config.devMailbox) lines.push(`  Mailbox:    ${base}/dev/mailbox   (emails of the demo)`);
if (config.demo) {
  lines.push(
    seeded ? '  Demo data seeded.' : '  Demo data already present.',
    '  Logins (password rally-demo): admin@demo.test, lead@demo.test, member@demo.test, newbie@demo.test,',
    '    returning@demo.test, fresh@demo.test, applicant@demo.test; on 127.0.0.1: admin@acme.test, member@acme.test',
  );
}
console.log(lines.join('\n'));
