// npm run secrets:rotate: re-seals every secret at rest (SSO client secrets, webhook secrets) with SECRETS_KEY.
// Rotating the key: set SECRETS_KEY to a new key (openssl rand -base64 32) and SECRETS_KEY_PREVIOUS to the old one,
// run this once, restart the servers with both set, then drop SECRETS_KEY_PREVIOUS once every server has the new key.
import { loadConfig } from '../config.ts';
import { loadSecretKeys, SecretBox } from '../lib/secret-box.ts';
import { resealSecrets } from '../modules/auth/sso.repository.ts';
import { resealWebhookSecrets } from '../modules/webhooks/webhooks.repository.ts';
import { openDatabase } from './client.ts';
import { runMigrations } from './migrate.ts';

const config = loadConfig();
const box = new SecretBox(loadSecretKeys(config));
if (!box.hasKey) {
  console.error('Set SECRETS_KEY to the new key (and SECRETS_KEY_PREVIOUS to the old one) before rotating.');
  process.exit(1);
}
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await runMigrations(database);
const reseal = (sealed: string) => (box.isCurrent(sealed) ? null : box.seal(box.open(sealed)));
const count = (await resealSecrets(database.db, reseal)) + (await resealWebhookSecrets(database.db, reseal));
await database.close();
console.log(`Re-sealed ${count} secret(s) with the key ${box.currentKeyId}.`);
