import { describe, expect, it } from 'vitest';
import { getDisplayName, getLocation } from './display-name.ts';

describe('getDisplayName', () => {
  const person = {
    email: 'ana@example.com',
    username: 'ana_r',
    first_name: 'Ana',
    last_name: 'Ruiz',
  };

  it('is Unassigned for an absent person', () => {
    expect(getDisplayName(null)).toBe('Unassigned');
    expect(getDisplayName(undefined)).toBe('Unassigned');
  });

  it('uses the username when display_username is set', () => {
    expect(getDisplayName({ ...person, display_username: true })).toBe('ana_r');
  });

  it('ignores the username when display_username is false, null or missing', () => {
    expect(getDisplayName({ ...person, display_username: false })).toBe('Ana Ruiz');
    expect(getDisplayName({ ...person, display_username: null })).toBe('Ana Ruiz');
    expect(getDisplayName(person)).toBe('Ana Ruiz');
  });

  it('falls back to the name when the username is empty', () => {
    expect(getDisplayName({ ...person, username: '  ', display_username: true })).toBe('Ana Ruiz');
    expect(getDisplayName({ ...person, username: null, display_username: true })).toBe('Ana Ruiz');
  });

  it('accepts a first or last name alone, trimmed', () => {
    expect(getDisplayName({ first_name: ' Ana ', last_name: '' })).toBe('Ana');
    expect(getDisplayName({ first_name: null, last_name: 'Ruiz' })).toBe('Ruiz');
  });

  it('falls back to the email, then Unknown', () => {
    expect(getDisplayName({ email: 'ana@example.com', first_name: ' ' })).toBe('ana@example.com');
    expect(getDisplayName({ email: '' })).toBe('Unknown');
    expect(getDisplayName({})).toBe('Unknown');
  });
});

describe('getLocation', () => {
  it('joins the non-empty parts', () => {
    expect(getLocation({ city: 'Lyon', state: 'Rhône', country: 'France' })).toBe('Lyon, Rhône, France');
    expect(getLocation({ city: 'Lyon', state: '', country: 'France' })).toBe('Lyon, France');
    expect(getLocation({ country: ' Peru ' })).toBe('Peru');
  });

  it('is null when nothing is set', () => {
    expect(getLocation({})).toBeNull();
    expect(getLocation({ city: null, state: ' ', country: undefined })).toBeNull();
    expect(getLocation(null)).toBeNull();
  });
});
