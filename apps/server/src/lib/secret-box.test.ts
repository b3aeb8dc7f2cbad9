import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  assertSecretsReadable,
  loadSecretKeys,
  parseKey,
  SECRETS_KEY_FILE,
  SecretBox,
} from './secret-box.ts';

const key = () => randomBytes(32);
const noEnv = { secretsKey: undefined, secretsKeyPrevious: [], databaseUrl: undefined };

describe('SecretBox', () => {
  it('seals to text that holds neither the secret nor the key, and opens it again', () => {
    const k = key();
    const box = new SecretBox([k]);
    const sealed = box.seal('client-secret-123');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('client-secret-123');
    expect(sealed).not.toContain(k.toString('base64url'));
    expect(box.seal('client-secret-123')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('client-secret-123');
  });

  it('refuses a tampered value and one sealed with a key it does not have', () => {
    const box = new SecretBox([key()]);
    const sealed = box.seal('secret');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[4]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[4] = body.toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => new SecretBox([key()]).open(sealed)).toThrow(/not in SECRETS_KEY/);
    expect(() => box.open('plain text')).toThrow(/not a sealed secret/);
  });

  it('opens with a previous key while sealing with the new one (rotation)', () => {
    const [oldKey, newKey] = [key(), key()];
    const sealed = new SecretBox([oldKey]).seal('secret');
    const rotating = new SecretBox([newKey, oldKey]);
    expect(rotating.open(sealed)).toBe('secret');
    expect(rotating.isCurrent(sealed)).toBe(false);
    const resealed = rotating.seal(rotating.open(sealed));
    expect(rotating.isCurrent(resealed)).toBe(true);
    expect(new SecretBox([newKey]).open(resealed)).toBe('secret');
  });

  it('answers 503 naming SECRETS_KEY when asked to seal without a key', () => {
    expect(() => new SecretBox([]).seal('x')).toThrow(/no SECRETS_KEY/);
  });
});

describe('loadSecretKeys', () => {
  it('makes the embedded database a key of its own in DATA_DIR on first start, readable only by its owner, and keeps it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rally-keys-'));
    const [first] = loadSecretKeys({ ...noEnv, dataDir });
    const file = join(dataDir, SECRETS_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(parseKey(readFileSync(file, 'utf8'), file)).toEqual(first);
    expect(loadSecretKeys({ ...noEnv, dataDir })[0]).toEqual(first);
  });

  it('takes SECRETS_KEY (hex or base64) first and SECRETS_KEY_PREVIOUS after; none with a real database', () => {
    const [a, b] = [key(), key()];
    const keys = loadSecretKeys({
      secretsKey: a.toString('hex'),
      secretsKeyPrevious: [b.toString('base64')],
      databaseUrl: 'postgres://x',
      dataDir: '/nonexistent',
    });
    expect(keys).toEqual([a, b]);
    expect(loadSecretKeys({ ...noEnv, databaseUrl: 'postgres://x', dataDir: '/nonexistent' })).toEqual([]);
    expect(() => loadSecretKeys({ ...noEnv, secretsKey: 'short', dataDir: '/x' })).toThrow(
      /SECRETS_KEY must be 32 random bytes/,
    );
  });

  it('stops the start naming the missing key when the database holds a secret no key opens', () => {
    const sealed = new SecretBox([key()]).seal('secret');
    expect(() => assertSecretsReadable(new SecretBox([]), [sealed])).toThrow(/Set SECRETS_KEY/);
    expect(() => assertSecretsReadable(new SecretBox([key()]), [sealed])).toThrow(/cannot read/);
    expect(() => assertSecretsReadable(new SecretBox([]), [])).not.toThrow();
  });
});
