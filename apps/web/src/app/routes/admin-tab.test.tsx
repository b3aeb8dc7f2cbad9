import { describe, expect, it } from 'vitest';
import { findAdminTab } from './admin';

describe('findAdminTab', () => {
  it('finds the tab of a tab page', () => {
    expect(findAdminTab('/admin')?.path).toBe('/admin');
    expect(findAdminTab('/admin/library/')?.path).toBe('/admin/library');
  });

  it('finds the tab a page is under, so its access rule applies', () => {
    expect(findAdminTab('/admin/projects/0192-abc')?.labelKey).toBe('admin.projects');
  });

  it('finds nothing for paths outside the tabs', () => {
    expect(findAdminTab('/admin/nowhere')).toBeUndefined();
    expect(findAdminTab('/administration')).toBeUndefined();
  });
});
