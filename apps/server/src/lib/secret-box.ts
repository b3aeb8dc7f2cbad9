import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HttpError } from './errors.ts';

/**
 * Secrets at rest (issue 24): a client's SSO client secret and the like are stored encrypted with AES-256-GCM under
 * the deployment's key, never in clear and never answered by any API. A stored secret names the key it was sealed
 * with (`v1.<key id>.<iv>.<tag>.<ciphertext>`, base64url), so a key can be rotated: the new key seals, the previous
 * ones still open what they sealed until `npm run secrets:rotate` re-seals everything under the new one.
 */

const PREFIX = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;

/** The file the embedded default keeps its key in, inside DATA_DIR. */
export const SECRETS_KEY_FILE = 'secrets.key';

interface Key {
  id: string;
  bytes: Buffer;
}

/** A key's id: the first 8 bytes of its SHA-256, so a sealed value says which key opens it without revealing it. */
const idOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64url').slice(0, 11);

/** Reads a key given as 64 hex characters or 32 bytes in base64/base64url; throws naming `name` otherwise. */
export function parseKey(text: string, name: string): Buffer {
  const value = text.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64url');
  if (bytes.length !== KEY_BYTES) {
    throw new Error(
      `${name} must be 32 random bytes, as 64 hex characters or base64 (openssl rand -base64 32)`,
    );
  }
  return bytes;
}

/** Seals and opens secrets with the deployment's keys; the first key seals. */
export class SecretBox {
  readonly #keys: Key[];

  constructor(keys: Buffer[]) {
    this.#keys = keys.map((bytes) => ({ id: idOf(bytes), bytes }));
  }

  /** Whether a key is there to seal with. */
  get hasKey(): boolean {
    return this.#keys.length > 0;
  }

  /** The id of the key that seals now (null without a key). */
  get currentKeyId(): string | null {
    return this.#keys[0]?.id ?? null;
  }

  /** Encrypts `plain` under the current key; 503 naming SECRETS_KEY when the deployment has none. */
  seal(plain: string): string {
    const key = this.#keys[0];
    if (!key) {
      throw new HttpError(
        503,
        'Secrets cannot be stored: the server has no SECRETS_KEY. Set it (openssl rand -base64 32) and restart.',
        'no_secrets_key',
      );
    }
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key.bytes, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [PREFIX, key.id, iv, cipher.getAuthTag(), body]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** Decrypts a sealed value; throws when its key is not among the deployment's or it was tampered with. */
  open(sealed: string): string {
    const [prefix, keyId, iv, tag, body] = sealed.split('.');
    if (prefix !== PREFIX || !keyId || !iv || !tag || body === undefined)
      throw new Error('not a sealed secret');
    const key = this.#keys.find((k) => k.id === keyId);
    if (!key)
      throw new Error(
        `the key ${keyId} that sealed this secret is not in SECRETS_KEY or SECRETS_KEY_PREVIOUS`,
      );
    const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }

  /** Whether `sealed` was sealed with the current key (rotation re-seals the others). */
  isCurrent(sealed: string): boolean {
    return sealed.split('.')[1] === this.currentKeyId;
  }
}

/**
 * The deployment's keys: SECRETS_KEY seals (then SECRETS_KEY_PREVIOUS, comma-separated, still open). Without
 * SECRETS_KEY the embedded database keeps a key of its own in DATA_DIR/secrets.key, made on first start; a real
 * database (DATABASE_URL) gets none, since its data outlives any one machine's disk: boot checks that it holds no
 * sealed secret then (assertSecretsReadable).
 */
export function loadSecretKeys(config: {
  secretsKey: string | undefined;
  secretsKeyPrevious: string[];
  databaseUrl: string | undefined;
  dataDir: string;
}): Buffer[] {
  const previous = config.secretsKeyPrevious.map((k, i) =>
    parseKey(k, `SECRETS_KEY_PREVIOUS (key ${i + 1})`),
  );
  if (config.secretsKey) return [parseKey(config.secretsKey, 'SECRETS_KEY'), ...previous];
  if (config.databaseUrl) return previous;
  const file = join(config.dataDir, SECRETS_KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, `${randomBytes(KEY_BYTES).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  }
  chmodSync(file, 0o600);
  return [parseKey(readFileSync(file, 'utf8'), file), ...previous];
}

/** Throws the start-up error naming the missing key when the database holds a secret no key opens. */
export function assertSecretsReadable(box: SecretBox, sealed: readonly string[]): void {
  for (const value of sealed) {
    try {
      box.open(value);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(
        `The database holds encrypted secrets (SSO client secrets, webhook secrets) that this server cannot read: ${reason}. ` +
          'Set SECRETS_KEY to the key they were stored with (and SECRETS_KEY_PREVIOUS to older keys while rotating).',
      );
    }
  }
}
