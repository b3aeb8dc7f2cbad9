import { describe, expect, it } from 'vitest';
import { hashPassword, hashToken, newToken, verifyPassword } from './secrets.ts';

describe('passwords', () => {
  it('verifies the right password and refuses others', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsE', stored)).toBe(false);
  });

  it('salts every hash and refuses a missing or malformed one', async () => {
    expect(await hashPassword('x')).not.toBe(await hashPassword('x'));
    expect(await verifyPassword('x', null)).toBe(false);
    expect(await verifyPassword('x', 'plain')).toBe(false);
  });
});

describe('tokens', () => {
  it('are 256-bit random and stored as a different, stable hash', () => {
    const token = newToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(newToken()).not.toBe(token);
    expect(hashToken(token)).toBe(hashToken(token));
    expect(hashToken(token)).not.toContain(token);
  });
});
