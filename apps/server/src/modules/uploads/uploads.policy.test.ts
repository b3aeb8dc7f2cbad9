import { describe, expect, it } from 'vitest';
import { checkUploadFields } from './upload-fields.ts';
import { KINDS_BY_TYPE, kindsForRole, maxBytesOf } from './uploads.policy.ts';

describe('uploads policy', () => {
  it('lets a file sent before its type be of the kinds the role can upload at all', () => {
    // A member's PDF is a chat attachment; no other type open to members takes one.
    expect(kindsForRole('USER')).toEqual(['image', 'video', 'pdf']);
    expect(kindsForRole('ADMIN')).toEqual(['image', 'video', 'pdf']);
    expect(KINDS_BY_TYPE.chat).toEqual(['image', 'video', 'pdf']);
    expect(KINDS_BY_TYPE.post).toEqual(['image', 'video']);
    expect(maxBytesOf(['image'])).toBe(10 * 1024 * 1024);
    expect(maxBytesOf(['image', 'pdf'])).toBe(20 * 1024 * 1024);
  });

  it('checks the fields present, or all of them, against the role and client', () => {
    const member = { role: 'USER', clientId: 'c1' };
    expect(checkUploadFields({}, member, { requireAll: false })).toBeUndefined();
    expect(() => checkUploadFields({ objectId: 'c1' }, member, { requireAll: true })).toThrow(
      'type is required',
    );
    expect(() => checkUploadFields({ type: 'training' }, member, { requireAll: false })).toThrow(
      'Only admins may upload training files',
    );
    expect(() => checkUploadFields({ objectId: 'c2' }, member, { requireAll: false })).toThrow(/objectId/);
    const admin = { role: 'ADMIN', clientId: 'c1' };
    expect(checkUploadFields({ type: 'training', objectId: 'c1' }, admin, { requireAll: true })).toBe(
      'training',
    );
  });
});
