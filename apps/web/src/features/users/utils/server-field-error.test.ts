import { describe, expect, it } from 'vitest';
import { findFieldOfMessage } from './server-field-error';

describe('findFieldOfMessage', () => {
  it('finds the field a message names first', () => {
    expect(findFieldOfMessage('First name must be 80 characters or less')).toBe('first_name');
    expect(findFieldOfMessage('username is already taken')).toBe('username');
    expect(findFieldOfMessage('Bio must be 500 characters or less')).toBe('bio');
  });

  it('returns null for other messages', () => {
    expect(findFieldOfMessage('Not allowed')).toBeNull();
  });
});
