import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToken, getToken, setToken } from './storage';

afterEach(() => {
  vi.restoreAllMocks();
  clearToken();
});

describe('the session token', () => {
  it('is kept in localStorage', () => {
    setToken('stored');
    expect(localStorage.getItem('rally.token')).toBe('stored');
    expect(getToken()).toBe('stored');
    clearToken();
    expect(getToken()).toBeNull();
  });

  it('lasts as long as the page where the browser refuses storage (the Teams tab in a third-party frame)', () => {
    vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    setToken('in-memory');
    expect(localStorage.getItem('rally.token')).toBeNull();
    expect(getToken()).toBe('in-memory');
    clearToken();
    expect(getToken()).toBeNull();
  });
});
