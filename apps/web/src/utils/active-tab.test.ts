import { describe, expect, it } from 'vitest';
import { findActiveTab } from './active-tab';

const tabs = [{ path: '/admin' }, { path: '/admin/projects' }, { path: '/admin/library' }];

describe('findActiveTab', () => {
  it('prefers the exact tab', () => {
    expect(findActiveTab(tabs, '/admin')?.path).toBe('/admin');
    expect(findActiveTab(tabs, '/admin/library')?.path).toBe('/admin/library');
  });

  it('marks the deepest parent tab of a sub-page', () => {
    expect(findActiveTab(tabs, '/admin/projects/42')?.path).toBe('/admin/projects');
    expect(findActiveTab(tabs, '/admin/unknown')?.path).toBe('/admin');
  });

  it('answers null outside every tab', () => {
    expect(findActiveTab(tabs, '/projects')).toBeNull();
    expect(findActiveTab(tabs, '/administrator')).toBeNull();
  });
});
